import { z } from 'zod';

/*
 * Lists of modest size (buildings, managers) page by number; `meta` says where the page stands.
 * Activity logs, which grow without bound, page by cursor instead (see their own schemas).
 */

export const MAX_PAGE_SIZE = 100;

/** `?search=&sort=&order=&page=&page_size=` of a paged list; `sort` is limited per list. */
export function pagedListQuerySchema<Sort extends string>(
  sortFields: readonly [Sort, ...Sort[]],
  defaultSort: Sort,
) {
  return z.object({
    search: z.string().trim().max(200).optional(),
    sort: z.enum(sortFields).default(defaultSort),
    order: z.enum(['asc', 'desc']).default('asc'),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  });
}

/**
 * `?preloads=a,b` (spec 7): a comma-separated list of the related data to include, each one of
 * `allowed`; parsed into a Set.
 */
export function preloadsQuerySchema<Preload extends string>(allowed: readonly [Preload, ...Preload[]]) {
  return z.object({
    preloads: z
      .string()
      .optional()
      .transform(
        (value) =>
          new Set(
            (value ?? '')
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
          ),
      )
      .pipe(z.set(z.enum(allowed), { message: `Preloads are ${allowed.join(', ')}` })),
  });
}

/** `meta` of a paged list. */
export const pageMetaSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});

export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `?from=&to=` of a statistics call: calendar days (YYYY-MM-DD) in the building's time zone. */
export const dateRangeQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    message: 'The range must not end before it starts',
    path: ['to'],
  });

/** The reply of `GET /buildings/{id}/statistics/calls` and `/statistics/door_logs`. */
export const statisticsSchema = z.object({
  count: z.number().int().min(0),
  from: z.iso.date(),
  to: z.iso.date(),
  per_day: z.array(z.object({ date: z.iso.date(), count: z.number().int().min(0) })),
});

export type Statistics = z.infer<typeof statisticsSchema>;
