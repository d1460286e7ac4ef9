import { blockReasonRequiredMessage, type TimeSlot } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { BlockImpactFooter, BlockImpactStep, useBlockImpactFlow } from '@/components/block-impact';
import { errorMessageOf } from '@/lib/errors';
import { formatDate, formatTime } from '@/lib/dates';
import { useCreateSingleBlock } from '../api/create-blocked-time';

const blockFormSchema = z.object({
  description: z.string().trim().min(1, blockReasonRequiredMessage),
  endsAt: z.string(),
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
  /**
   * The ends the block may stretch to: the ends of the place's times that follow the slot
   * without a gap, in order (the slot's own end first). Only the slot's when absent.
   */
  ends?: string[];
};

type SlotBlock = { placeIds: string[]; description: string; startAt: string; endsAt: string };

/**
 * Blocks the selected slot, or it and the times that follow it up to the end chosen. Bookings in the way are listed first, each to keep, cancel or move;
 * then the dialog says what was done.
 */
export function BlockSlotDialog({
  isOpen,
  onClose,
  slot,
  placeId,
  placeName,
  companyId,
  timezone,
  ends = [slot.endsAt],
}: BlockSlotDialogProps) {
  const { t } = useTranslation();
  const form = useForm<BlockForm>({
    resolver: zodResolver(blockFormSchema),
    values: { description: '', endsAt: slot.endsAt },
    resetOptions: { keepDirtyValues: true },
  });
  const endsAt = form.watch('endsAt');
  const block = useCreateSingleBlock(companyId);
  const flow = useBlockImpactFlow<SlotBlock>(
    ({ placeIds, ...body }, resolutions) =>
      block.mutateAsync({ ...body, placeId: placeIds[0]!, resolutions }),
    () => toast.success(t('scheduling.block.created')),
  );

  const close = () => {
    flow.reset();
    form.reset();
    onClose();
  };

  const onFailure = (error: unknown) =>
    toast.error(errorMessageOf(error, t('scheduling.block.createError')));

  const submit = form.handleSubmit(async ({ description, endsAt: until }) => {
    try {
      const outcome = await flow.submit({
        placeIds: [placeId],
        description,
        startAt: slot.startsAt,
        endsAt: ends.includes(until) ? until : slot.endsAt,
      });
      if (outcome === 'done') close();
    } catch (error) {
      onFailure(error);
    }
  });

  const confirm = async () => {
    try {
      if ((await flow.confirm()) === 'done') close();
    } catch (error) {
      onFailure(error);
    }
  };

  const step = flow.step;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('scheduling.block.title')}
      description={t('scheduling.create.slot', {
        place: placeName,
        date: formatDate(slot.startsAt, timezone),
        start: formatTime(slot.startsAt, timezone),
        end: formatTime(ends.includes(endsAt) ? endsAt : slot.endsAt, timezone),
      })}
      closeLabel={t('common.close')}
      footer={
        <BlockImpactFooter
          flow={flow}
          onClose={close}
          onSubmit={submit}
          onConfirm={confirm}
          cancelLabel={t('scheduling.block.cancel')}
          submitLabel={t('scheduling.block.submit')}
          confirmLabel={t('blockedTimes.impact.confirm')}
        />
      }
    >
      {step.kind !== 'form' ? (
        <BlockImpactStep flow={flow} timezone={timezone} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Input
            label={t('scheduling.block.description')}
            error={form.formState.errors.description?.message}
            {...form.register('description')}
          />
          {ends.length > 1 && (
            <FormField label={t('scheduling.block.until')} hint={t('scheduling.block.untilHint')}>
              {(control) => (
                <select {...control} {...form.register('endsAt')} className={inputStyles(false)}>
                  {ends.map((end) => (
                    <option key={end} value={end}>
                      {formatTime(end, timezone)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
        </form>
      )}
    </Dialog>
  );
}
