import { bodyLimit } from 'hono/body-limit';
import { factory } from '../env';

export const MAX_BODY_BYTES = 100 * 1024;

/** API request bodies are small JSON documents: anything over 100 KB is refused with 413. */
export const bodyLimitMiddleware = factory.createMiddleware(
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: 'The request body is too large (the limit is 100 KB).' }, 413),
  }),
);
