import {
  brazilianTimezones,
  createCompanyBodySchema,
  type CompanyOfStaff,
  type CreateCompanyBody,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/errors';
import { serverFieldErrorsOf } from '@/lib/server-field-errors';
import { useCreateCompany } from '../api/create-company';

type CreateClubDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (club: CompanyOfStaff) => void;
};

/** "Criar clube" (server administrators): name and timezone; the creator administers it. */
export function CreateClubDialog({ isOpen, onClose, onCreated }: CreateClubDialogProps) {
  const { t } = useTranslation();
  const mutation = useCreateCompany();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateCompanyBody>({
    resolver: zodResolver(createCompanyBodySchema),
    defaultValues: { name: '', timezone: 'America/Sao_Paulo' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (club) => {
        toast.success(t('companies.create.created', { name: club.name }));
        reset();
        onCreated(club);
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrorsOf(error, ['name', 'timezone'] as const);
        for (const { field, message } of fieldErrors) setError(field, { message });
        if (fieldErrors.length === 0)
          toast.error(errorMessageOf(error, t('companies.create.error')));
      },
    }),
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('companies.create.title')}
      description={t('companies.create.description')}
      closeLabel={t('common.close')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Input
          label={t('companies.create.name')}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField label={t('companies.settings.timezone')} error={errors.timezone?.message}>
          {(control) => (
            <select
              {...control}
              {...register('timezone')}
              className={inputStyles(Boolean(errors.timezone))}
            >
              {brazilianTimezones.map((zone) => (
                <option key={zone} value={zone}>
                  {t(`companies.settings.timezones.${zone}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('companies.create.cancel')}
          </Button>
          <Button type="submit" isLoading={mutation.isPending}>
            {t('companies.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
