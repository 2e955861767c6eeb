import type { Context } from 'hono';
import { factory } from '../env';

export const MAX_BODY_BYTES = 100 * 1024;
/** How much of an oversize body is read and thrown away before the 413 (Cloudflare caps at 100 MB). */
const DISCARD_LIMIT = 32 * 1024 * 1024;

export const bodyTooLargeMessage = 'The request body is too large (the limit is 100 KB).';

const tooLarge = (c: Context) => c.json({ message: bodyTooLargeMessage }, 413);

/**
 * Reads what is left of a body and drops it. The 413 must not race the upload: answered while the
 * client is still sending, the connection may be reset before the answer arrives (wrangler dev's
 * proxy turned one in ten into "Network connection lost" and a 500), so the client never sees why.
 */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let read = alreadyRead;
  try {
    while (read < DISCARD_LIMIT) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: there is no one left to answer.
  }
}

/**
 * API request bodies are small JSON documents: anything over 100 KB is refused with 413, whether
 * its Content-Length says so or it arrives in chunks. A body within the limit is read here and
 * handed on, so no handler ever reads more than 100 KB.
 */
export const bodyLimitMiddleware = factory.createMiddleware(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const reader = body.getReader();
  if (Number(c.req.header('Content-Length')) > MAX_BODY_BYTES) {
    await discard(reader, 0);
    return tooLarge(c);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await discard(reader, size);
      return tooLarge(c);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
});
