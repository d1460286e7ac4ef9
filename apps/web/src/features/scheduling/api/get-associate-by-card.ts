import { associateSchema, type Associate } from '@clube/shared';
import { api } from '@/lib/api-client';

/** GET /backoffice/associate/cardId/{cardId}/companyId/{companyId}. */
export async function getAssociateByCard(companyId: string, cardId: string): Promise<Associate> {
  const data = await api.get(
    `/backoffice/associate/cardId/${encodeURIComponent(cardId)}/companyId/${encodeURIComponent(companyId)}`,
  );
  return associateSchema.parse(data);
}
