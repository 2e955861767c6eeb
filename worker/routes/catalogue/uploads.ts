import { sameOrigin } from '../../middleware/admin-session';
import { photoTooLargeMessage } from '../../middleware/body-limit';
import { isPathLikeName, photoTypeOf, storeProductPhoto } from '../../services/catalogue/media';
import { MAX_PHOTO_BYTES } from '../../shared/catalogue/catalogue-rules';
import { routeGroup } from '../route-group';

export const uploadMessages = {
  notMultipart: 'Please send the photo as multipart/form-data, in the field "file".',
  missingFile: 'Please choose a photo to upload (the field "file" is missing).',
  pathLikeName: 'Please rename the file: its name must not contain /, \\, .. or a NUL character.',
  notAPhoto: 'This file is not a JPEG, PNG or WebP photo. Please choose a photo.',
  tooLarge: photoTooLargeMessage,
} as const;

/**
 * Staff only: a product photo, multipart field `file`. The body is multipart, not JSON, so the
 * Origin rule is `sameOrigin` alone. The body limit middleware has already read it (10 MB and its
 * framing at most), so every answer here comes after the whole upload.
 */
export const uploadRoutes = routeGroup().post('/uploads', sameOrigin, async (c) => {
  // A body that is not multipart, or whose part headers are malformed (workerd refuses a NUL in a
  // file name here), cannot be read as a form.
  const form = await c.req.formData().catch(() => undefined);
  if (!form) return c.json({ message: uploadMessages.notMultipart }, 400);
  const file = form.get('file');
  if (!(file instanceof File)) return c.json({ message: uploadMessages.missingFile }, 400);
  if (isPathLikeName(file.name)) return c.json({ message: uploadMessages.pathLikeName }, 400);
  if (file.size > MAX_PHOTO_BYTES) return c.json({ message: uploadMessages.tooLarge }, 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = photoTypeOf(bytes);
  if (!type) return c.json({ message: uploadMessages.notAPhoto }, 400);
  return c.json({ url: await storeProductPhoto(c.env.MEDIA, bytes, type) }, 201);
});
