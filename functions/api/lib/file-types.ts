/**
 * What an uploaded file really is, from its first bytes (magic numbers), never from the name or the
 * Content-Type the browser sent: an image stored in the public bucket and served as image/png must
 * be a PNG, not an HTML page with a .png name.
 */

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';
export type EventFileType = ImageType | 'application/pdf';

export const EXTENSION: Record<EventFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

const startsWith = (bytes: Uint8Array, sig: readonly number[], offset = 0) =>
  bytes.length >= offset + sig.length && sig.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type of these bytes, or null when they are not a JPEG, PNG, WebP or GIF. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** An image, or a PDF ('%PDF-'): what an event file may be. */
export function sniffEventFile(bytes: Uint8Array): EventFileType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return sniffImage(bytes);
}
