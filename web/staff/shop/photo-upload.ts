/**
 * A product photo from the phone or the desktop: checked (JPEG, PNG or WebP up to 10 MB), redrawn
 * at most 1600 px on its long side as WebP in the browser (a phone's 4 MB photo leaves as a few
 * hundred KB, without its camera metadata), then sent to POST /api/uploads, which answers the
 * address the site serves it from.
 */
import type { ClientResponse } from 'hono/client';
import { MAX_PHOTO_BYTES } from '../../../worker/shared/catalogue/catalogue-rules';
import { adminRequest } from '../frame/admin-api';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const LONG_SIDE = 1600;

export const photoMessages = {
  type: 'Please choose a JPEG, PNG or WebP picture.',
  size: 'That picture is over 10 MB. Please choose a smaller one.',
  unreadable: 'That file could not be opened as a picture. Please choose another.',
  upload: 'The picture could not be uploaded. Please try again.',
} as const;

/** Why the file cannot be used, or undefined when it can. */
export function photoProblem(file: File): string | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return photoMessages.type;
  if (file.size > MAX_PHOTO_BYTES) return photoMessages.size;
  return undefined;
}

/** The picture at most `LONG_SIDE` px on its long side, as WebP (as PNG where a browser cannot write WebP). */
export async function resizedWebp(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(photoMessages.unreadable);
  }
  try {
    const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error(photoMessages.unreadable);
      context.drawImage(bitmap, 0, 0, width, height);
      return await canvas.convertToBlob({ type: 'image/webp', quality: 0.85 });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error(photoMessages.unreadable);
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(photoMessages.unreadable))), 'image/webp', 0.85),
    );
  } finally {
    bitmap.close();
  }
}

/**
 * Uploads the picture and returns its address (/media/…). Plain fetch with FormData (the typed
 * client does not send files); through adminRequest all the same, so a 401 signs staff out and a
 * refusal carries the server's message.
 */
export async function uploadPhoto(picture: Blob): Promise<string> {
  const body = new FormData();
  body.append('file', picture, picture.type === 'image/webp' ? 'photo.webp' : 'photo.png');
  const response = fetch('/api/uploads', { method: 'POST', body, credentials: 'same-origin' });
  // A plain Response is what the typed client's responses are underneath.
  const answer = await adminRequest(response as unknown as Promise<ClientResponse<{ url: string }, 201, 'json'>>);
  return answer.url;
}
