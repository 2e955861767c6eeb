/**
 * Product photos in R2. What a file is comes from its first bytes, never from the name or type the
 * browser claims, and the stored Content-Type is the one those bytes prove. A photo's key is the
 * SHA-256 of its bytes, so a key names one content forever and the site can serve it as immutable.
 */

const PRODUCT_PHOTOS = 'products/';

export interface PhotoType {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** JPEG, PNG or WebP by their magic numbers; undefined for anything else. */
export function photoTypeOf(bytes: Uint8Array): PhotoType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return undefined;
}

/** A file name that tries to be a path (a directory, a parent, a NUL): refused, though keys never use it. */
export const isPathLikeName = (name: string) => /[/\\\0]/.test(name) || name.includes('..');

/** Stores a photo under the hash of its bytes and answers the site path it is served at. */
export async function storeProductPhoto(bucket: R2Bucket, bytes: Uint8Array, type: PhotoType): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const key = `${PRODUCT_PHOTOS}${hex}.${type.extension}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: type.contentType } });
  return `/media/${key}`;
}

/** Only keys this module writes are served: no other prefix, no `..`, nothing guessed. */
export const isProductPhotoKey = (key: string) => /^products\/[0-9a-f]{64}\.(jpg|png|webp)$/.test(key);
