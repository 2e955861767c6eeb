/**
 * The admin's calls, through the one typed API client. A 401 from any of them means the session
 * has ended: the admin app's handler clears the signed-in note, so the login shows, and the error
 * still reaches the caller.
 */
import type { ClientResponse } from 'hono/client';
import { TOTAL_COUNT_HEADER } from '../../../worker/shared/pagination';
import { ApiError, api, request } from '../../lib/api-client';

// Set by the admin app. Not the jotai store imported here: that import makes the bundler split
// React's JSX runtime out of every public page's entry script (about 1 KB more for each page).
let onUnauthorized = () => {};

export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export { api };

/** The server's own message when it said why (4xx), else the screen's fallback. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;

export async function adminRequest<T extends ClientResponse<unknown>>(call: Promise<T>) {
  try {
    return await request(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) onUnauthorized();
    throw error;
  }
}

/** A page of a list and the total it is taken from (the X-Total-Count header). */
export async function adminPage<T extends ClientResponse<unknown>>(call: Promise<T>) {
  let total = 0;
  const rows = await adminRequest(
    call.then((response) => {
      total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0);
      return response;
    }),
  );
  return { rows, total };
}

export type ExportName = 'bookings' | 'orders' | 'waitlist';

/** Downloads an export as the file the server names, so a 401 or failure can be shown instead. */
export function downloadCsv(name: ExportName, status?: string): Promise<void> {
  const query = status ? `?${new URLSearchParams({ status })}` : '';
  return downloadFile(`/api/export/${name}.csv${query}`, `${name}.csv`);
}

/** Downloads `path` as the file the server names (else `fallbackName`); throws an ApiError when it fails. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError('Network error. Please try again.', 0);
  }
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    throw new ApiError('The export failed. Please try again.', response.status);
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
