import { describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../../lib/activity';
import { mergeNewestPage, updateRows } from './live-activity';
import type { ActivityData } from './use-activity-list';

interface Row {
  id: string;
  at: string;
}

/** Row n happened n minutes after 10:00; a higher n is newer. */
const row = (n: number): Row => ({
  id: `r${String(n).padStart(3, '0')}`,
  at: new Date(Date.UTC(2025, 2, 10, 10, n)).toISOString(),
});
const rows = (...ns: number[]) => ns.map(row);
const page = (ns: number[], next: number | null): ActivityPage<Row> => ({
  rows: rows(...ns),
  nextCursor: next === null ? null : `after-${next}`,
});
const data = (...pages: ActivityPage<Row>[]): ActivityData<Row> => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? undefined : `cursor-${index}`)),
});
const ids = (value: ActivityData<Row>) => value.pages.map((p) => p.rows.map((r) => Number(r.id.slice(1))));
const timeOf = (r: Row) => r.at;

describe('merging the newest page into the pages on screen', () => {
  it('puts new rows on top and keeps the last row of the first page, so the next page still follows on', () => {
    // Pages of 3: [10 9 8] then [7 6 5]; rows 11 and 12 arrive. Fresh first page: [12 11 10].
    const merged = mergeNewestPage(
      data(page([10, 9, 8], 8), page([7, 6, 5], 5)),
      page([12, 11, 10], 10),
      timeOf,
    );
    expect(ids(merged)).toEqual([
      [12, 11, 10, 9, 8],
      [7, 6, 5],
    ]);
    // The cursors (and page params) of the pages loaded stay as they were.
    expect(merged.pages[0]!.nextCursor).toBe('after-8');
    expect(merged.pageParams).toEqual([undefined, 'cursor-1']);
  });

  it('never shows a row twice, and replaces a shown row by its fresh version', () => {
    const shown = data(page([10, 9, 8], 8));
    const fresh10 = { ...row(10) };
    const fresh: ActivityPage<Row> = { rows: [row(11), fresh10, row(9)], nextCursor: 'after-9' };
    const merged = mergeNewestPage(shown, fresh, timeOf);
    expect(ids(merged)).toEqual([[11, 10, 9, 8]]);
    expect(merged.pages[0]!.rows[1]).toBe(fresh10);
    expect(ids(mergeNewestPage(merged, fresh, timeOf))).toEqual([[11, 10, 9, 8]]);
  });

  it('drops a shown row that the fresh page no longer has (it left the filters)', () => {
    const merged = mergeNewestPage(data(page([10, 9, 8], 8), page([7], null)), page([11, 10, 8], 8), timeOf);
    expect(ids(merged)).toEqual([[11, 10, 8], [7]]);
  });

  it('starts again from the fresh page when more rows arrived than it holds', () => {
    const merged = mergeNewestPage(
      data(page([10, 9, 8], 8), page([7, 6, 5], 5)),
      page([15, 14, 13], 13),
      timeOf,
    );
    expect(ids(merged)).toEqual([[15, 14, 13]]);
    expect(merged.pages[0]!.nextCursor).toBe('after-13');
    expect(merged.pageParams).toEqual([undefined]);
  });

  it('takes the fresh page as the whole list when it is the last page', () => {
    expect(ids(mergeNewestPage(data(page([2, 1], null)), page([3, 2, 1], null), timeOf))).toEqual([
      [3, 2, 1],
    ]);
    expect(ids(mergeNewestPage(data(page([2, 1], null)), page([], null), timeOf))).toEqual([[]]);
  });

  it('orders rows of the same time by id, as the server does', () => {
    const same = (id: string): Row => ({ id, at: '2025-03-10T10:00:00.000Z' });
    const shown = data({ rows: [same('b'), same('a')], nextCursor: 'x' });
    const merged = mergeNewestPage(shown, { rows: [same('c'), same('b')], nextCursor: 'y' }, timeOf);
    expect(merged.pages[0]!.rows.map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('changes or removes cached rows', () => {
    const changed = updateRows(data(page([3, 2], 2), page([1], null)), (r) =>
      r.id === row(2).id ? null : r,
    );
    expect(ids(changed)).toEqual([[3], [1]]);
  });
});
