import { detectImageType } from './image-signature.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('telling an image by its first bytes', () => {
  it.each([
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0)],
    ['webp', ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
    ['gif', ascii('GIF89a\u0001\u0000')],
    ['gif', ascii('GIF87a\u0001\u0000')],
  ])('recognises %s', (type, input) => expect(detectImageType(input)).toBe(type));

  it.each([
    ['an SVG', ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['HTML', ascii('<!doctype html>')],
    ['a RIFF that is not WebP', ascii('RIFF\u0000\u0000\u0000\u0000WAVEfmt ')],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e)],
    ['nothing', bytes()],
  ])('refuses %s', (_name, input) => expect(detectImageType(input)).toBeUndefined());
});
