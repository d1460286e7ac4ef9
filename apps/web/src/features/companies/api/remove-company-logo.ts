import { companySchema, type Company } from '@clube/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreUpdatedCompany } from './update-company';

/** DELETE /backoffice/company/{id}/logo: the club goes back to the default crest. */
export async function removeCompanyLogo(companyId: string): Promise<Company> {
  const data = await api.delete(`/backoffice/company/${encodeURIComponent(companyId)}/logo`);
  return companySchema.parse(data);
}

export function useRemoveCompanyLogo(companyId: string) {
  const storeUpdatedCompany = useStoreUpdatedCompany(companyId);
  return useMutation({
    mutationFn: () => removeCompanyLogo(companyId),
    onSuccess: storeUpdatedCompany,
  });
}
