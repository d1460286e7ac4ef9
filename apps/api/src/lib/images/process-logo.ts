import sharp from 'sharp';
import { AppError } from '../app-error';
import { detectImageType, imageDecodingErrorOf, maxInputMegapixels } from './process-image';

/** A logo is shown at most a few hundred pixels wide; keep it small and whole (never cropped). */
export const logoSize = { width: 512, height: 512 };

const maxInputPixels = maxInputMegapixels * 1_000_000;

/**
 * The place-photo pipeline applied to a club logo: type decided from the bytes, decoded and
 * re-encoded (nothing but pixels survives), fitted inside 512×512 keeping transparency, as WebP.
 */
export async function processLogo(
  bytes: Buffer,
): Promise<{ data: Buffer; contentType: 'image/webp' }> {
  if (!detectImageType(bytes)) throw new AppError('UnsupportedImageType');
  try {
    const data = await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ ...logoSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer();
    return { data, contentType: 'image/webp' };
  } catch (error) {
    throw imageDecodingErrorOf(error);
  }
}
