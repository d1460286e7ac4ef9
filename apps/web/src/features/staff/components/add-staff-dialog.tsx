import {
  addStaffBodySchema,
  maskEmail,
  staffRoleLabels,
  staffRoles,
  type AddStaffResult,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CpfInput } from '@/components/ui/cpf-input';
import { Dialog } from '@/components/ui/dialog';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useMailDelivery } from '@/lib/api/get-mail-delivery';
import { formatDate } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { serverFieldErrorsOf } from '@/lib/server-field-errors';
import { useAddStaff } from '../api/add-staff';

type AddStaffForm = { cpf: string; name: string; email: string; role: (typeof staffRoles)[number] };

const emptyForm: AddStaffForm = { cpf: '', name: '', email: '', role: 'recepcao' };

/**
 * Invites a person to the club's staff by CPF, whether they have an account or not (the answer
 * is the same): by e-mail (the server sends mail and an e-mail was given: the dialog says where
 * to) or by a one-time password, shown here once, to hand over.
 */
export function AddStaffDialog({
  companyId,
  timezone,
  isOpen,
  onClose,
}: {
  companyId: string;
  /** The club's, for the invitation's expiry date. */
  timezone: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const addStaff = useAddStaff(companyId);
  const sendsMail = useMailDelivery({ enabled: isOpen }).data?.sendsMail;
  const [result, setResult] = useState<AddStaffResult | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AddStaffForm>({
    resolver: zodResolver(addStaffBodySchema) as never,
    defaultValues: emptyForm,
  });

  const close = () => {
    reset(emptyForm);
    setResult(null);
    addStaff.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    addStaff.mutate(values, {
      onSuccess: (added) => setResult(added),
      onError: (error) => {
        for (const { field, message } of serverFieldErrorsOf(error, [
          'cpf',
          'name',
          'email',
          'role',
        ] as const)) {
          setError(field, { message });
        }
      },
    });
  });

  if (result) {
    return (
      <Dialog
        isOpen={isOpen}
        onClose={close}
        title={t('staff.added.title')}
        closeLabel={t('staff.close')}
        footer={<Button onClick={close}>{t('staff.close')}</Button>}
      >
        <p className="text-sm text-slate-700">
          {t('staff.added.message', {
            name: result.member.name,
            role: staffRoleLabels[result.member.role],
          })}
        </p>
        {result.invitation ? (
          <div className="mt-4 space-y-2" data-testid="invitation-sent">
            <p className="text-sm font-medium text-slate-900">
              {t('staff.added.invitation', { email: maskEmail(result.invitation.email) })}
            </p>
            <p className="text-sm text-slate-600">
              {t('staff.added.invitationHint', {
                date: formatDate(result.invitation.expiresAt, timezone),
              })}
            </p>
          </div>
        ) : (
          <div className="mt-4 space-y-2">
            <p className="text-sm text-slate-700">{t('staff.added.oneTimePassword')}</p>
            <p
              className="rounded-lg bg-slate-100 px-4 py-3 text-center font-mono text-xl tracking-wider text-slate-900"
              data-testid="one-time-password"
            >
              {result.oneTimePassword}
            </p>
            <p className="text-sm text-slate-600">{t('staff.added.oneTimePasswordHint')}</p>
          </div>
        )}
      </Dialog>
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('staff.add.title')}
      description={t('staff.add.description')}
      closeLabel={t('staff.cancel')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={addStaff.isPending}>
            {t('staff.cancel')}
          </Button>
          <Button type="submit" form="add-staff-form" isLoading={addStaff.isPending}>
            {t('staff.add.submit')}
          </Button>
        </>
      }
    >
      <form id="add-staff-form" onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label={t('staff.fields.cpf')} error={errors.cpf?.message}>
          {(field) => (
            <Controller
              control={control}
              name="cpf"
              render={({ field: { value, onChange, ref, onBlur, name } }) => (
                <CpfInput
                  {...field}
                  ref={ref}
                  name={name}
                  value={value}
                  onChange={onChange}
                  onBlur={onBlur}
                  className={inputStyles(Boolean(errors.cpf))}
                />
              )}
            />
          )}
        </FormField>
        <Input
          label={t('staff.fields.name')}
          hint={t('staff.fields.nameHint')}
          error={errors.name?.message}
          {...register('name')}
        />
        <Input
          label={t('staff.fields.email')}
          type="email"
          hint={
            sendsMail === undefined
              ? undefined
              : t(sendsMail ? 'staff.fields.emailInvites' : 'staff.fields.emailNoMail')
          }
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField label={t('staff.fields.role')} error={errors.role?.message}>
          {(field) => (
            <select {...field} {...register('role')} className={inputStyles(Boolean(errors.role))}>
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {addStaff.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(addStaff.error, t('staff.add.error'))}
          </p>
        )}
      </form>
    </Dialog>
  );
}
