/** Where a page of a numbered list stands (`meta` of a paged list, after the camelCase mapping). */
export interface PageMeta {
  total: number;
  page: number;
  pageSize: number;
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Reads a paged list's `meta`; a missing value falls back to what the page itself shows. */
export function pageMetaOf(
  meta: Record<string, unknown> | null,
  fallback: { itemCount: number; page: number; pageSize: number },
): PageMeta {
  return {
    total: count(meta?.total, fallback.itemCount),
    page: Math.max(1, count(meta?.page, fallback.page)),
    pageSize: Math.max(1, count(meta?.pageSize, fallback.pageSize)),
  };
}
