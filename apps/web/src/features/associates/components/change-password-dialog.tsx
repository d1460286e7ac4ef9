import { updateAssociatePasswordSchema } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessageOf } from '@/lib/errors';
import { type z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { withShortPasswordMessage } from '@/lib/short-password-message';
import { useUpdateAssociatePassword } from '../api/update-associate-password';

const formSchema = updateAssociatePasswordSchema.pick({ newPassword: true });
type FormValues = z.infer<typeof formSchema>;
const resolver = withShortPasswordMessage(zodResolver(formSchema), ['newPassword']);

type ChangePasswordDialogProps = {
  associate: { id: string; name: string } | null;
  onClose: () => void;
};

/** Row action Editar: sets the associate's portal password, which is required. */
export function ChangePasswordDialog({ associate, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const mutation = useUpdateAssociatePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues>({
    resolver,
    defaultValues: { newPassword: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    if (!associate) return;
    mutation.mutate(
      { associateId: associate.id, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast.success(t('associates.password.success'));
          close();
        },
        onError: (error) => {
          toast.error(errorMessageOf(error, t('associates.password.error')));
        },
      },
    );
  });

  return (
    <Dialog
      isOpen={associate !== null}
      onClose={close}
      title={t('associates.password.title')}
      description={t('associates.password.description', { name: associate?.name ?? '' })}
      closeLabel={t('common.close')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <PasswordInput
          label={t('associates.password.newPassword')}
          showLabel={t('associates.password.show')}
          hideLabel={t('associates.password.hide')}
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('associates.password.cancel')}
          </Button>
          <Button type="submit" isLoading={mutation.isPending}>
            {t('associates.password.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
