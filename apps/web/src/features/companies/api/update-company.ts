import { companySchema, type Company, type UpdateCompanyBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCurrentCompany } from '@/lib/current-company';
import { companiesQueryKey } from '@/lib/api/get-companies';
import { clubKeys } from '@/lib/api/club-keys';

/** PATCH /backoffice/company/{id}: name and timezone of a club (404 for a club of somebody else). */
export async function updateCompany(companyId: string, body: UpdateCompanyBody): Promise<Company> {
  const data = await api.patch(`/backoffice/company/${encodeURIComponent(companyId)}`, body);
  return companySchema.parse(data);
}

/** After any change to the club: store it and refetch what depends on it. */
export function useStoreUpdatedCompany(companyId: string) {
  const queryClient = useQueryClient();
  return (company: Company) => {
    // The header reads the stored club, so it shows the new name and logo at once.
    setCurrentCompany(company);
    // A new timezone changes every club-local date and slot: drop all of the club's data.
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: clubKeys.all(companyId) }),
      queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
    ]);
  };
}

export function useUpdateCompany(companyId: string) {
  const storeUpdatedCompany = useStoreUpdatedCompany(companyId);
  return useMutation({
    mutationFn: (body: UpdateCompanyBody) => updateCompany(companyId, body),
    onSuccess: storeUpdatedCompany,
  });
}
