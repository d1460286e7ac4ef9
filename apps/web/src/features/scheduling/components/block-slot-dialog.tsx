import {
  blockConflictDetailsSchema,
  blockReasonRequiredMessage,
  type BlockConflict,
  type TimeSlot,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorKeyOf, errorMessageOf } from '@/lib/error-messages';
import { formatDate, formatDateTime, formatTime } from '@/lib/dates';
import { isApiError } from '@/lib/api-client';
import { useCreateSingleBlock } from '../api/create-blocked-time';

const blockFormSchema = z.object({
  description: z.string().trim().min(1, blockReasonRequiredMessage),
});
type BlockForm = z.infer<typeof blockFormSchema>;

type BlockSlotDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  slot: TimeSlot;
  placeId: string;
  placeName: string;
  companyId: string;
  timezone: string;
};

/** The bookings a 409 BlockConflictsWithAppointments names, read through the shared schema. */
function conflictsOf(error: unknown): BlockConflict[] {
  if (!isApiError(error)) return [];
  const details = (error.data as { details?: unknown } | null)?.details;
  const parsed = blockConflictDetailsSchema.safeParse(details);
  return parsed.success ? parsed.data.appointments : [];
}

/** Blocks the selected slot; when bookings are in the way, lists them and asks to cancel them. */
export function BlockSlotDialog({
  isOpen,
  onClose,
  slot,
  placeId,
  placeName,
  companyId,
  timezone,
}: BlockSlotDialogProps) {
  const { t } = useTranslation();
  const [conflicts, setConflicts] = useState<BlockConflict[] | null>(null);
  const form = useForm<BlockForm>({
    resolver: zodResolver(blockFormSchema),
    defaultValues: { description: '' },
  });
  const block = useCreateSingleBlock(companyId);

  const close = () => {
    setConflicts(null);
    form.reset();
    onClose();
  };

  const send = async (description: string, cancelConflicting: boolean) => {
    try {
      await block.mutateAsync({
        description,
        startAt: slot.startsAt,
        endsAt: slot.endsAt,
        placeId,
        ...(cancelConflicting ? { cancelConflicting: true } : {}),
      });
      toast.success(t('scheduling.block.created'));
      close();
    } catch (error) {
      if (errorKeyOf(error) === 'BlockConflictsWithAppointments' && !cancelConflicting) {
        setConflicts(conflictsOf(error));
        return;
      }
      toast.error(errorMessageOf(error, t('scheduling.block.createError')));
    }
  };

  const submit = form.handleSubmit(({ description }) => send(description, false));
  const confirm = form.handleSubmit(({ description }) => send(description, true));

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('scheduling.block.title')}
      description={t('scheduling.create.slot', {
        place: placeName,
        date: formatDate(slot.startsAt, timezone),
        start: formatTime(slot.startsAt, timezone),
        end: formatTime(slot.endsAt, timezone),
      })}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('scheduling.block.cancel')}
          </Button>
          {conflicts ? (
            <Button variant="danger" isLoading={block.isPending} onClick={confirm}>
              {t('scheduling.block.confirmCancelConflicting')}
            </Button>
          ) : (
            <Button isLoading={block.isPending} onClick={submit}>
              {t('scheduling.block.submit')}
            </Button>
          )}
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Input
          label={t('scheduling.block.description')}
          error={form.formState.errors.description?.message}
          {...form.register('description')}
        />
      </form>
      {conflicts && (
        <div role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{t('scheduling.block.conflicts')}</p>
          <ul className="mt-1 list-disc pl-5">
            {conflicts.map((conflict) => (
              <li key={conflict.id}>
                {t('scheduling.block.conflictItem', {
                  start: formatDateTime(conflict.startsAt, timezone),
                  end: formatTime(conflict.endsAt, timezone),
                  associate: conflict.associateName,
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
