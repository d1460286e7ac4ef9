import { z } from 'zod';
import { api } from '@/lib/api-client';

/** The part of the associate look-up the booking dialog uses (SPEC.md §7: id, user.name). */
const cardLookupSchema = z.object({ id: z.uuid(), user: z.object({ name: z.string() }) });
export type CardLookup = z.infer<typeof cardLookupSchema>;

/** GET /backoffice/associate/cardId/{cardId}/companyId/{companyId}. */
export async function getAssociateByCard(companyId: string, cardId: string): Promise<CardLookup> {
  const data = await api.get(
    `/backoffice/associate/cardId/${encodeURIComponent(cardId)}/companyId/${encodeURIComponent(companyId)}`,
  );
  return cardLookupSchema.parse(data);
}
