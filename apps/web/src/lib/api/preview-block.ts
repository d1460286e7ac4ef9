import { blockConflictDetailsSchema, type BlockPreviewBody } from '@clube/shared';
import { api } from '@/lib/api-client';

/** POST /backoffice/blocked-time/preview: the bookings a block would hit, nothing written. */
export async function previewBlock(body: BlockPreviewBody) {
  return blockConflictDetailsSchema.parse(await api.post('/backoffice/blocked-time/preview', body))
    .appointments;
}
