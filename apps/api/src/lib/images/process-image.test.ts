import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType, processImage } from './process-image';

const pixels = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe('detectImageType', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('recognises %s from its bytes', async (format, type) => {
    expect(detectImageType(await pixels(format))).toBe(type);
  });

  it('refuses SVG, text, and bytes that only end like an image', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(
      null,
    );
    expect(detectImageType(Buffer.from('just some text'))).toBe(null);
    expect(detectImageType(Buffer.from('RIFF0000WAVEfmt '))).toBe(null);
    expect(detectImageType(Buffer.alloc(0))).toBe(null);
  });
});

describe('processImage', () => {
  it('shrinks a large photo to the display size and crops a thumbnail, both WebP', async () => {
    const result = await processImage(await pixels('png', 3200, 1600));
    expect(result).toMatchObject({ contentType: 'image/webp', width: 1600, height: 800 });
    const thumbnail = await sharp(result.thumbnail).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 480, 320]);
  });

  it('never enlarges a small photo', async () => {
    const result = await processImage(await pixels('jpeg', 200, 100));
    expect([result.width, result.height]).toEqual([200, 100]);
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(processImage(bomb)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses a truncated image as unreadable', async () => {
    const png = await pixels('png', 400, 400);
    await expect(processImage(png.subarray(0, 60))).rejects.toMatchObject({ statusCode: 415 });
  });
});
