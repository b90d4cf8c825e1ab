import { describe, expect, it } from 'vitest';
import en from './en.json';
import { browserLocale } from './index';
import nl from './nl.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

const english = flatten(en);
const dutch = flatten(nl);

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('has exactly the same keys in English and Dutch', () => {
    expect([...dutch.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty texts', () => {
    for (const [key, text] of [...english, ...dutch]) expect(text.trim(), key).not.toBe('');
  });

  it('uses the same interpolation variables in both languages', () => {
    for (const [key, text] of english) expect(variables(dutch.get(key) ?? ''), key).toEqual(variables(text));
  });

  it('keeps the spec texts of the 403 page', () => {
    expect(english.get('errors.forbidden.code')).toBe('Error 403');
    expect(english.get('errors.forbidden.title')).toBe('Forbidden page');
    expect(english.get('errors.forbidden.message')).toBe(
      'We’re sorry, you don’t have acces to the page you requested. That’s all we know.',
    );
    expect(english.get('errors.forbidden.back')).toBe('Take me back');
    expect(english.get('errors.notFound.code')).toBe('Error 404');
  });
});

describe('language choice', () => {
  it('takes the first browser language the dashboard speaks, else none', () => {
    expect(browserLocale(['de-DE', 'nl-BE', 'en'])).toBe('nl');
    expect(browserLocale(['en-GB'])).toBe('en');
    expect(browserLocale(['fr-FR'])).toBeUndefined();
  });
});
