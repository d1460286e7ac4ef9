import { z } from 'zod';
import { idSchema } from './common';

/** What the server accepts, decided from the file's bytes (SVG is refused: it can carry script). */
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The text fields of the multipart upload (the file travels as `image`). */
export const placeImageFieldsSchema = z.object({
  placeId: idSchema,
  /** Orders a place's photos; the web always sends 1. */
  sequence: z.coerce
    .number({ message: 'Sequência inválida' })
    .int('Sequência inválida')
    .min(0, 'Sequência inválida')
    .max(10_000, 'Sequência inválida')
    .default(1),
  description: z
    .string()
    .trim()
    .max(500, 'Use no máximo 500 caracteres')
    .optional()
    .transform((value) => (value ? value : null)),
});
export type PlaceImageFields = z.input<typeof placeImageFieldsSchema>;

export const placeImageSchema = z.object({
  id: z.uuid(),
  placeId: z.uuid(),
  sequence: z.number().int(),
  description: z.string().nullable(),
  /** Display size (at most 1600 px wide). */
  imageUrl: z.string(),
  /** Card thumbnail. */
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
});
export type PlaceImage = z.infer<typeof placeImageSchema>;

export const placeImageListSchema = z.object({ items: z.array(placeImageSchema) });
export type PlaceImageList = z.infer<typeof placeImageListSchema>;

export const placeIdParamsSchema = z.object({ placeId: idSchema });
