import type { Context } from 'hono';
import { type AppEnv, factory } from '../env';
import { liveSession } from '../services/staff/admin-sessions';
import { MAX_PHOTO_BYTES } from '../shared/catalogue/catalogue-rules';
import { readSessionCookie } from './admin-session';

export const MAX_BODY_BYTES = 100 * 1024;
/** How much of an oversize body is read and thrown away before the 413 (Cloudflare caps at 100 MB). */
const DISCARD_LIMIT = 32 * 1024 * 1024;

export const bodyTooLargeMessage = 'The request body is too large (the limit is 100 KB).';
export const photoTooLargeMessage = 'The photo is too large (the limit is 10 MB).';

interface BodyLimit {
  bytes: number;
  message: string;
}

const jsonBodyLimit: BodyLimit = { bytes: MAX_BODY_BYTES, message: bodyTooLargeMessage };
/** Room for the multipart framing around the photo: boundaries, part headers, the file's name. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/**
 * The one route whose body is not a small JSON document: a product photo, as multipart. It is a
 * staff route, and only staff get the larger allowance (see below).
 */
const staffLargerLimits: ReadonlyMap<string, BodyLimit> = new Map([
  ['POST /api/uploads', { bytes: MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES, message: photoTooLargeMessage }],
]);

const hasStaffSession = async (c: Context<AppEnv>) =>
  (await liveSession(c.env.SESSIONS, readSessionCookie(c), new Date())) !== null;

const tooLarge = (c: Context, limit: BodyLimit) => c.json({ message: limit.message }, 413);

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
 * handed on, so no handler ever reads more than 100 KB. The photo upload alone gets 10 MB (and
 * its multipart framing) under the same rules, and only with a live staff session.
 */
export const bodyLimitMiddleware = factory.createMiddleware(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const reader = body.getReader();
  const larger = staffLargerLimits.get(`${c.req.method} ${c.req.path}`);
  if (larger && !(await hasStaffSession(c))) {
    // Without a session, megabytes are read and dropped, never held in memory; the route's
    // access middleware then answers 401 (a staff member whose session ran out is told to log in).
    await discard(reader, 0);
    c.req.raw = new Request(c.req.raw, { body: new Uint8Array(0) });
    return next();
  }
  const limit = larger ?? jsonBodyLimit;
  if (Number(c.req.header('Content-Length')) > limit.bytes) {
    await discard(reader, 0);
    return tooLarge(c, limit);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit.bytes) {
      await discard(reader, size);
      return tooLarge(c, limit);
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
