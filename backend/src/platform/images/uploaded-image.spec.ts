import sharp from 'sharp';
import { AppError } from '../http/app-error.js';
import { MAX_INPUT_PIXELS, openUploadedImage } from './uploaded-image.js';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 20, b: 30 } }, limitInputPixels: false });

async function refusal(bytes: Buffer): Promise<AppError> {
  try {
    await openUploadedImage(bytes, 'image');
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('the shared upload rules', () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('opens a real %s', async (format) => {
    const bytes = await solid(40, 30).toFormat(format).toBuffer();
    const image = await openUploadedImage(bytes, 'image');
    expect(await image.metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it('refuses an SVG and names the form field', async () => {
    const error = await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(error).toBeInstanceOf(AppError);
    expect(error.fields).toEqual({ image: 'קובץ לא תקין, נא לבחור קובץ תמונה' });
  });

  it('refuses a signature followed by something that is not that image', async () => {
    const error = await refusal(Buffer.concat([Buffer.from('ffd8ff', 'hex'), Buffer.from('not a jpeg at all')]));
    expect(error.code).toBe('validation.failed');
  });

  it('refuses more pixels than the limit by the header alone', async () => {
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    const bytes = await solid(side, side).toColourspace('b-w').png({ compressionLevel: 9 }).toBuffer();
    const error = await refusal(bytes);
    expect(error.fields).toEqual({ image: 'התמונה גדולה מדי, נא לבחור תמונה קטנה יותר' });
  });
});
