import { companyOfStaffSchema, type CompanyOfStaff, type CreateCompanyBody } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companiesQueryKey } from '@/lib/api/get-companies';

/** POST /backoffice/company: a new club, of which the caller becomes administrator. */
export async function createCompany(input: CreateCompanyBody): Promise<CompanyOfStaff> {
  return companyOfStaffSchema.parse(await api.post('/backoffice/company', input));
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesQueryKey }),
  });
}
