import { isProductPhotoKey } from '../../services/catalogue/media';
import { routeGroup } from '../route-group';

/** A key names one content forever (its hash), so browsers and Cloudflare's cache may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const hasBody = (object: R2Object | R2ObjectBody): object is R2ObjectBody => 'body' in object;

/** If-None-Match's weak comparison: `*`, or any listed tag equal to this one, W/ or not. */
const namesEtag = (ifNoneMatch: string, etag: string) =>
  ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/**
 * Uploaded photos from R2 at /media/<key> (run_worker_first sends these paths here), with the
 * Content-Type stored at upload, an ETag and 304 for a browser that has it. A GET leaves the
 * If-None-Match to R2, which then sends no body; a HEAD reads the metadata alone.
 */
export const mediaRoutes = routeGroup().get('/media/*', async (c) => {
  const key = c.req.path.slice('/media/'.length);
  if (!isProductPhotoKey(key)) return c.json({ message: 'Not found' }, 404);
  const ifNoneMatch = c.req.header('If-None-Match') ?? '';
  const isHead = c.req.method === 'HEAD';
  const object = isHead
    ? await c.env.MEDIA.head(key)
    : await c.env.MEDIA.get(key, { onlyIf: new Headers(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}) });
  if (!object) return c.json({ message: 'Not found' }, 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('Cache-Control', IMMUTABLE);
  headers.set('ETag', object.httpEtag);
  headers.set('X-Content-Type-Options', 'nosniff');
  const unchanged = isHead ? namesEtag(ifNoneMatch, object.httpEtag) : !hasBody(object);
  if (unchanged) return new Response(null, { status: 304, headers });
  return new Response(hasBody(object) ? object.body : null, { headers });
});
