import fastifyMultipart from '@fastify/multipart';
import { MAX_BULK_ROWS } from '@gatehouse/core';
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, type ErrorItem, invalidField } from '../../http/errors.js';

/** The largest CSV file bulk_validate reads (decision 006). */
export const MAX_CSV_BYTES = 1024 * 1024;

/**
 * Registers routes that take one uploaded file (multipart/form-data) in a scope of their own, so
 * the rest of the API keeps refusing multipart bodies (415) as before.
 */
export function registerUploadScope(app: FastifyInstance, routes: (scope: FastifyInstance) => void) {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 10, parts: 12 },
    });
    routes(scope);
  });
}

/** The OpenAPI description of a one-file upload (the body itself is read by the handler). */
export const csvUploadDescription =
  'Send `multipart/form-data` with one CSV file (any field name; UTF-8, a byte order mark is fine; ' +
  `commas or semicolons; a header row; at most ${MAX_BULK_ROWS} rows and 1 MiB). Columns may come in any ` +
  'order; unknown columns are ignored. `row` counts the data rows from 1 (the header is not counted); ' +
  '`values` are the values as they will be saved, ready to send to bulk_create.';

// Fatal: a file saved in another encoding (Windows-1252) is refused instead of its accents silently
// becoming U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const fileError = (message: string) => invalidField('file', message);

/** Reads the one uploaded file of a multipart request; 413 when it is larger than 1 MiB. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fileError('Upload one CSV file as multipart/form-data');
  try {
    let content: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (content) throw fileError('Upload exactly one CSV file');
      content = await part.toBuffer();
    }
    if (!content) throw fileError('Upload one CSV file');
    return content;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', 'The file is larger than 1 MiB', { field: 'file' });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw fileError('Upload exactly one CSV file');
    }
    throw fileError('The upload could not be read as multipart/form-data');
  }
}

/** Header cells match a column whatever their case, spaces, dashes or underscores: "E-mail", "First name". */
const columnKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Excel in many European locales writes semicolons: use them when the header has no comma. */
function delimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/**
 * The rows of an uploaded CSV file as objects keyed by the known column names (missing cells are
 * empty strings, unknown columns are dropped). A file that is not CSV, lacks a required column,
 * names a column twice or holds more than MAX_BULK_ROWS rows is refused with 422 on `file`.
 */
export async function readCsvUpload<Column extends string>(
  request: FastifyRequest,
  columns: { known: readonly Column[]; required: readonly Column[] },
): Promise<Record<Column, string>[]> {
  let text: string;
  try {
    text = utf8.decode(await readUploadedFile(request));
  } catch (error) {
    if (error instanceof TypeError) throw fileError('The file is not UTF-8 text: save it as “CSV UTF-8”');
    throw error;
  }
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw fileError(`The file is not valid CSV: ${error.message}`);
    throw error;
  }

  const [header, ...data] = records;
  if (!header) throw fileError('The file is empty: it needs a header row and at least one row');
  const byKey = new Map(columns.known.map((column) => [columnKey(column), column]));
  const index = new Map<Column, number>();
  for (const [position, cell] of header.entries()) {
    const column = byKey.get(columnKey(cell));
    if (column === undefined) continue;
    if (index.has(column)) throw fileError(`The column ${column} appears more than once`);
    index.set(column, position);
  }
  const missing = columns.required.filter((column) => !index.has(column));
  if (missing.length > 0) {
    throw fileError(
      `The header row needs the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ` +
        `(columns: ${columns.known.join(',')})`,
    );
  }

  const rows = data.filter((record) => record.some((cell) => cell !== ''));
  if (rows.length === 0) throw fileError('The file has a header row but no rows');
  if (rows.length > MAX_BULK_ROWS) {
    throw fileError(`The file has ${rows.length} rows; at most ${MAX_BULK_ROWS} can be added at once`);
  }
  return rows.map(
    (record) =>
      Object.fromEntries(
        columns.known.map((column) => {
          const position = index.get(column);
          return [column, position === undefined ? '' : (record[position] ?? '')];
        }),
      ) as Record<Column, string>,
  );
}

/** One checked row of bulk_validate. */
export interface BulkRow {
  row: number;
  values: Record<string, string | null>;
  errors: { field: string; message: string }[];
}

export function bulkValidation(rows: BulkRow[]) {
  const invalid = rows.filter((row) => row.errors.length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
}

/** The zod issues of one row, one per field (the first message of each). */
export function fieldErrors(error: z.ZodError | undefined): { field: string; message: string }[] {
  if (!error) return [];
  const byField = new Map<string, string>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'row');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/** A 422 naming every bad field of a bulk_create body as `{list}.{index}.{field}`; nothing is created. */
export function bulkRefusal(
  list: string,
  problems: { index: number; field: string; code?: string; message: string }[],
) {
  const items: ErrorItem[] = problems.map((problem) => ({
    code: problem.code ?? 'validation_failed',
    message: problem.message,
    field: `${list}.${problem.index}.${problem.field}`,
  }));
  return new AppError('validation_failed', items[0]?.message ?? 'Some rows are not valid', { items });
}
