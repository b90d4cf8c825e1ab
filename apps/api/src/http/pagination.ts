/** The SQL window and the reply `meta` of a numbered page (`?page=&page_size=`). */
export function pageWindow(query: { page: number; page_size: number }) {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

export function pageMeta(query: { page: number; page_size: number }, total: number) {
  return { total, page: query.page, page_size: query.page_size };
}
