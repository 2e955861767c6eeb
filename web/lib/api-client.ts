/**
 * The one way the web talks to the API: Hono's RPC client, typed by the worker's routes, so a
 * renamed route or field is a type error here rather than a broken page.
 */
import { type ClientResponse, DetailedError, hc, parseResponse } from 'hono/client';
import type { AppType } from '../../worker/app';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-errors';

export { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-errors';

export const api = hc<AppType>('/').api;

/**
 * Awaits an API call and returns its successful body; an error status becomes an ApiError with
 * the API's `message`, and a failed connection an ApiError with status 0.
 */
export async function request<T extends ClientResponse<unknown>>(call: Promise<T>) {
  try {
    return await parseResponse(call);
  } catch (error) {
    if (error instanceof DetailedError) {
      const body = (error.detail as { data?: unknown } | undefined)?.data;
      const message = (body as { message?: unknown } | undefined)?.message;
      const status = typeof error.statusCode === 'number' ? error.statusCode : 0;
      throw new ApiError(typeof message === 'string' ? message : GENERIC_ERROR_MESSAGE, status, body);
    }
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
}
