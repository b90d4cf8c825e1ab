import { APP_VERSION } from '@gatehouse/core';
import { accessToken, endSessionIfGone } from './api-client';
import { ApiError, apiErrorOf, buildUrl, type HttpRequestOptions } from './http';

/*
 * Files the API makes (CSV exports) are fetched like every authenticated call, with the bearer token
 * in the Authorization header, so a plain link (which cannot send it) will not do: the reply is read
 * as a blob and saved through a temporary object URL.
 */

/** GET an API file as a blob; failures throw an `ApiError` (the envelope's errors when there are any). */
export async function fetchApiFile(path: string, params?: HttpRequestOptions['params']): Promise<Blob> {
  const url = buildUrl(path, params);
  const token = await accessToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'text/csv, */*', 'x-app-version': APP_VERSION, authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (cause) {
    console.error(`GET ${url} failed: Network Error`, cause);
    throw new ApiError('Network Error', 0);
  }
  if (!response.ok) {
    const error = await apiErrorOf(response);
    console.error(`GET ${url} failed with status ${response.status}`, error.errors);
    endSessionIfGone(error);
    throw error;
  }
  return response.blob();
}

/** Offers `blob` to the user as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled, so the browser has started reading it.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/** A file name part from free text: "Harbour House" → "harbour-house". */
export function fileNamePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'export'
  );
}
