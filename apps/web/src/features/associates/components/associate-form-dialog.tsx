import {
  createAssociateBodySchema,
  updateAssociateBodySchema,
  type Associate,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/errors';
import { serverFieldErrorsOf } from '@/lib/server-field-errors';
import { useSaveAssociate } from '../api/save-associate';

const createFormSchema = createAssociateBodySchema.omit({ companyId: true });
type CreateValues = z.input<typeof createFormSchema>;
const fieldNames = [
  'cpf',
  'name',
  'birthDate',
  'cardId',
  'title',
  'isHolder',
  'email',
  'phone',
] as const;

type AssociateFormDialogProps = {
  companyId: string;
  /** `create` adds a member; a member edits their name, e-mail and phone. */
  target: 'create' | Associate | null;
  onClose: () => void;
  onSaved?: (associate: Associate) => void;
};

/**
 * "Novo associado" and "Editar dados": the same field rules as the import (the shared schemas),
 * checked here as typed and again by the server, whose refusals land under their fields.
 */
export function AssociateFormDialog({
  companyId,
  target,
  onClose,
  onSaved,
}: AssociateFormDialogProps) {
  const { t } = useTranslation();
  const mutation = useSaveAssociate(companyId);
  const isCreate = target === 'create';
  const editing = target !== null && target !== 'create' ? target : null;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateValues>({
    // Editing checks only what it sends; the other fields keep the member's values.
    resolver: zodResolver(
      (isCreate ? createFormSchema : updateAssociateBodySchema) as typeof createFormSchema,
    ),
    values: editing
      ? {
          cpf: editing.user.cpf,
          name: editing.user.name,
          birthDate: editing.birthDate,
          cardId: editing.cardId,
          title: editing.associateTitle.name,
          isHolder: editing.isHolder,
          email: editing.user.email ?? '',
          phone: editing.user.phone ?? '',
        }
      : {
          cpf: '',
          name: '',
          birthDate: '',
          cardId: '',
          title: '',
          isHolder: true,
          email: '',
          phone: '',
        },
  });
  const close = () => {
    reset();
    mutation.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    const parsed = values as unknown as z.output<typeof createFormSchema>;
    const change = editing
      ? {
          kind: 'update' as const,
          id: editing.id,
          input: { name: parsed.name, email: parsed.email, phone: parsed.phone },
        }
      : { kind: 'create' as const, input: { companyId, ...parsed } };
    mutation.mutate(change, {
      onSuccess: (associate) => {
        toast.success(t(isCreate ? 'associates.form.created' : 'associates.form.updated'));
        onSaved?.(associate);
        close();
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrorsOf(error, fieldNames);
        for (const { field, message } of fieldErrors) setError(field, { message });
        if (fieldErrors.length === 0)
          toast.error(errorMessageOf(error, t('associates.form.error')));
      },
    });
  });

  const errorOf = (field: (typeof fieldNames)[number]) => errors[field]?.message;

  return (
    <Dialog
      isOpen={target !== null}
      onClose={close}
      title={t(isCreate ? 'associates.form.createTitle' : 'associates.form.editTitle')}
      description={t(
        isCreate ? 'associates.form.createDescription' : 'associates.form.editDescription',
        { name: editing?.user.name ?? '' },
      )}
      closeLabel={t('common.close')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Input
          label={t('associates.form.name')}
          autoComplete="off"
          error={errorOf('name')}
          {...register('name')}
        />
        {isCreate && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label={t('associates.form.cpf')}
              inputMode="numeric"
              placeholder="000.000.000-00"
              error={errorOf('cpf')}
              {...register('cpf')}
            />
            <Input
              label={t('associates.form.birthDate')}
              type="date"
              error={errorOf('birthDate')}
              {...register('birthDate')}
            />
            <Input
              label={t('associates.form.card')}
              inputMode="numeric"
              hint={t('associates.form.cardHint')}
              error={errorOf('cardId')}
              {...register('cardId')}
            />
            <Input
              label={t('associates.form.title')}
              hint={t('associates.form.titleHint')}
              error={errorOf('title')}
              {...register('title')}
            />
          </div>
        )}
        {isCreate && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" {...register('isHolder')} />
            {t('associates.form.isHolder')}
          </label>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t('associates.form.email')}
            type="email"
            autoComplete="off"
            hint={t('associates.form.optional')}
            error={errorOf('email')}
            {...register('email')}
          />
          <Input
            label={t('associates.form.phone')}
            type="tel"
            autoComplete="off"
            placeholder="(11) 98765-4321"
            hint={t('associates.form.optional')}
            error={errorOf('phone')}
            {...register('phone')}
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('associates.form.cancel')}
          </Button>
          <Button type="submit" isLoading={mutation.isPending}>
            {t(isCreate ? 'associates.form.create' : 'associates.form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
