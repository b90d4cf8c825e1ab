import { describe, expect, it } from 'vitest';
import { displayName, type PersonName } from './display-name.js';

describe('displayName', () => {
  it.each<[PersonName, string]>([
    [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, 'Ada Lovelace'],
    [{ firstName: 'Ada', email: 'ada@example.com' }, 'Ada'],
    [{ lastName: 'Lovelace', email: 'ada@example.com' }, 'Lovelace'],
    [{ email: 'ada@example.com' }, 'ada@example.com'],
    [{ first_name: 'Ada', last_name: 'Lovelace' }, 'Ada Lovelace'],
    [{ first_name: null, last_name: 'Lovelace' }, 'Lovelace'],
    [{ firstName: '  Ada ', lastName: ' Lovelace  ' }, 'Ada Lovelace'],
    [{ firstName: '   ', lastName: '', email: 'ada@example.com' }, 'ada@example.com'],
    [{ firstName: null, lastName: null, email: null }, 'Unknown'],
    [{ email: '  ' }, 'Unknown'],
    [{}, 'Unknown'],
  ])('%j is shown as %j', (person, expected) => {
    expect(displayName(person)).toBe(expected);
  });

  it('prefers the camelCase field when both forms are given', () => {
    expect(displayName({ firstName: 'Ada', first_name: 'Augusta' })).toBe('Ada');
  });

  it('falls back to the snake_case field when the camelCase one is absent or blank', () => {
    expect(displayName({ firstName: null, first_name: 'Augusta' })).toBe('Augusta');
    expect(displayName({ firstName: ' ', first_name: 'Augusta' })).toBe('Augusta');
  });

  it('uses the given label for an unknown person', () => {
    expect(displayName({}, 'Onbekend')).toBe('Onbekend');
    expect(displayName(null, 'Onbekend')).toBe('Onbekend');
    expect(displayName(undefined)).toBe('Unknown');
  });
});
