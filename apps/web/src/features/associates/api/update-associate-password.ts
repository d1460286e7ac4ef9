import type { UpdateAssociatePassword } from '@clube/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PATCH /backoffice/associate/update-password */
export async function updateAssociatePassword(input: UpdateAssociatePassword): Promise<void> {
  await api.patch('/backoffice/associate/update-password', input);
}

export function useUpdateAssociatePassword() {
  return useMutation({ mutationFn: updateAssociatePassword });
}
