import sharp from 'sharp';
import { AppError } from '../app-error';

export type DetectedImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The image type the bytes say, whatever the file name or declared type claim. */
export function detectImageType(bytes: Buffer): DetectedImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Refuses decompression bombs: a small file that would expand to a huge bitmap. */
export const maxInputMegapixels = 40;
const maxInputPixels = maxInputMegapixels * 1_000_000;

export const displaySize = { width: 1600, height: 1200 };
export const thumbnailSize = { width: 480, height: 320 };

export type ProcessedImage = {
  display: Buffer;
  thumbnail: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
};

/**
 * Decodes the upload with a real image library and re-encodes it (so nothing but pixels survives:
 * no metadata, no trailing payload) into a display size and a card thumbnail, both WebP.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (!detectImageType(bytes)) throw new AppError('UnsupportedImageType');
  const options = { limitInputPixels: maxInputPixels, failOn: 'error' as const };
  try {
    const display = await sharp(bytes, options)
      .rotate()
      .resize({ ...displaySize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(bytes, options)
      .rotate()
      .resize({ ...thumbnailSize, fit: 'cover', position: 'attention' })
      .webp({ quality: 75 })
      .toBuffer();
    return {
      display: display.data,
      thumbnail,
      contentType: 'image/webp',
      width: display.info.width,
      height: display.info.height,
    };
  } catch (error) {
    throw imageDecodingErrorOf(error);
  }
}

/** What sharp's refusal to decode means for the client: too many pixels, or no readable image. */
export function imageDecodingErrorOf(error: unknown): AppError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new AppError('ImageTooManyPixels', { params: { maxMegapixels: maxInputMegapixels } });
  }
  return new AppError('ImageUnreadable');
}
