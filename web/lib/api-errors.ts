// The API's failures as the web shows them: apart from the client (hono/client), so a page can
// tell errors apart without loading the client before it needs it.

/** A failed API call, carrying the server's own message (shown to visitors) and status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
