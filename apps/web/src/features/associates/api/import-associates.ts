import { associateImportReportSchema, type AssociateImportReport } from '@clube/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { associatesQueryKey } from '@/lib/api/get-associate';

export type ImportAssociatesInput = {
  companyId: string;
  file: File;
  dryRun: boolean;
  skipInvalid: boolean;
};

/** POST /backoffice/associate/import (multipart); a dry run only validates and reports. */
export async function importAssociates(
  input: ImportAssociatesInput,
): Promise<AssociateImportReport> {
  const form = new FormData();
  form.append('companyId', input.companyId);
  form.append('dryRun', String(input.dryRun));
  form.append('skipInvalid', String(input.skipInvalid));
  form.append('file', input.file);
  // A large membership file takes longer than the usual 20 s to validate and write.
  const data = await api.post('/backoffice/associate/import', form, { timeoutMs: 120_000 });
  return associateImportReportSchema.parse(data);
}

export function useImportAssociates(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAssociates,
    onSuccess: (report) => {
      if (report.applied)
        void queryClient.invalidateQueries({ queryKey: associatesQueryKey(companyId) });
    },
  });
}
