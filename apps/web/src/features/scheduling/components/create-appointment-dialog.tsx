import {
  appointmentCardFormSchema,
  type AppointmentCardForm,
  type Associate,
  type CreateAppointmentBody,
  type TimeSlot,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { formatDate, formatTime } from '@/lib/dates';
import { isApiError } from '@/lib/api-client';
import { errorTextOfCode } from '@/lib/error-codes';
import { errorMessageOf } from '@/lib/error-messages';
import { i18n } from '@/lib/i18n';
import { useCheckAppointment } from '../api/check-appointment';
import { useCreateAppointment } from '../api/create-appointment';
import { getAssociateByCard } from '../api/get-associate-by-card';

type CreateAppointmentDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  slot: TimeSlot;
  placeId: string;
  companyId: string;
  timezone: string;
};

/** A check failure in Portuguese: its code's text in the one error table, with its values. */
function failureText(failure: { code: string; message: string; params?: unknown }) {
  return errorTextOfCode(i18n, failure.code, failure.params, failure.message);
}

/**
 * Books the selected slot for the associate found by card number: the look-up first, then the
 * "why not?" check (quota and every failing rule); 'Criar' stays disabled until found.
 */
export function CreateAppointmentDialog({
  isOpen,
  onClose,
  slot,
  placeId,
  companyId,
  timezone,
}: CreateAppointmentDialogProps) {
  const { t } = useTranslation();
  const [found, setFound] = useState<Associate | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const form = useForm<AppointmentCardForm>({
    resolver: zodResolver(appointmentCardFormSchema),
    defaultValues: { cardId: '' },
  });
  const create = useCreateAppointment(companyId);

  const body: CreateAppointmentBody | null = found
    ? {
        associateId: found.id,
        placeId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        cardId: found.cardId,
      }
    : null;
  const check = useCheckAppointment(companyId, body);

  const close = () => {
    setFound(null);
    setLookupError(null);
    form.reset();
    onClose();
  };

  const lookUp = form.handleSubmit(async ({ cardId }) => {
    setFound(null);
    setLookupError(null);
    try {
      setFound(await getAssociateByCard(companyId, cardId));
    } catch {
      setLookupError(t('scheduling.create.lookupError'));
    }
  });

  const submit = async () => {
    if (!body) return;
    try {
      await create.mutateAsync(body);
      toast.success(t('scheduling.create.created'));
      close();
    } catch (error) {
      // A refusal reads its code's sentence, else 'Erro ao criar'; a request that
      // got no answer at all (network, timeout) says which action failed.
      const fallback =
        isApiError(error) && error.status === 0
          ? t('scheduling.create.requestError')
          : t('scheduling.create.createError');
      toast.error(errorMessageOf(error, fallback));
    }
  };

  const failures = check.data?.failures ?? [];
  const quota = check.data?.quota;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('scheduling.create.title')}
      description={t('scheduling.create.slot', {
        date: formatDate(slot.startsAt, timezone),
        start: formatTime(slot.startsAt, timezone),
        end: formatTime(slot.endsAt, timezone),
      })}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('scheduling.create.cancel')}
          </Button>
          <Button disabled={!found} isLoading={create.isPending} onClick={submit}>
            {t('scheduling.create.submit')}
          </Button>
        </>
      }
    >
      <form onSubmit={lookUp} noValidate className="flex items-end gap-2">
        <Input
          label={t('scheduling.create.cardId')}
          inputMode="numeric"
          autoComplete="off"
          className="flex-1"
          error={form.formState.errors.cardId?.message}
          {...form.register('cardId', {
            onChange: (event: { target: { value: string } }) => {
              // The field is numeric: anything else typed or pasted is dropped.
              const digits = event.target.value.replace(/\D/g, '');
              if (digits !== event.target.value) form.setValue('cardId', digits);
              setFound(null);
            },
          })}
        />
        <Button type="submit" variant="secondary" className="mb-px h-11">
          {t('scheduling.create.search')}
        </Button>
      </form>

      {lookupError && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {lookupError}
        </p>
      )}
      {found && (
        <div className="mt-4 space-y-2 text-sm">
          <p className="font-semibold text-slate-900">
            {t('scheduling.create.associate', { name: found.user.name })}
          </p>
          {quota && (
            <p className="text-slate-700">
              {quota.limit > 0
                ? t('scheduling.create.quota', { used: quota.used, limit: quota.limit })
                : t('scheduling.create.noQuota')}
            </p>
          )}
          {failures.length > 0 && (
            <div role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              <p className="font-medium">{t('scheduling.create.failuresHeading')}</p>
              <ul className="mt-1 list-disc pl-5">
                {failures.map((failure) => (
                  <li key={failure.code}>{failureText(failure)}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
