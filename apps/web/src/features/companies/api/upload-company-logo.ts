import { companySchema, type Company } from '@clube/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useStoreUpdatedCompany } from './update-company';

/** POST /backoffice/company/{id}/logo, multipart `image`; answers the club with its new logoUrl. */
export async function uploadCompanyLogo(companyId: string, image: File): Promise<Company> {
  const form = new FormData();
  form.append('image', image);
  const data = await api.post(`/backoffice/company/${encodeURIComponent(companyId)}/logo`, form);
  return companySchema.parse(data);
}

export function useUploadCompanyLogo(companyId: string) {
  const storeUpdatedCompany = useStoreUpdatedCompany(companyId);
  return useMutation({
    mutationFn: (image: File) => uploadCompanyLogo(companyId, image),
    onSuccess: storeUpdatedCompany,
  });
}
