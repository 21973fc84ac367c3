export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * The image type by its first bytes (magic numbers), never by the file's name or the browser's claimed type. SVG is
 * deliberately not an image here: it is a document that can carry scripts.
 */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  // "RIFF" <size> "WEBP"
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  // "GIF87a" or "GIF89a"
  if (starts([0x47, 0x49, 0x46, 0x38]) && (starts([0x37, 0x61], 4) || starts([0x39, 0x61], 4))) return 'gif';
  return undefined;
}
