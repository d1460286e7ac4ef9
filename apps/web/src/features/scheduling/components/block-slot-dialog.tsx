import { blockReasonRequiredMessage, type TimeSlot } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { BlockImpactStep, useBlockImpactFlow } from '@/components/block-impact';
import { errorMessageOf } from '@/lib/errors';
import { formatDate, formatTime } from '@/lib/dates';
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

type SlotBlock = { placeIds: string[]; description: string; startAt: string; endsAt: string };

/**
 * Blocks the selected slot. Bookings in the way are listed first, each to keep, cancel or move;
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
}: BlockSlotDialogProps) {
  const { t } = useTranslation();
  const form = useForm<BlockForm>({
    resolver: zodResolver(blockFormSchema),
    defaultValues: { description: '' },
  });
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

  const submit = form.handleSubmit(async ({ description }) => {
    try {
      const outcome = await flow.submit({
        placeIds: [placeId],
        description,
        startAt: slot.startsAt,
        endsAt: slot.endsAt,
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
        end: formatTime(slot.endsAt, timezone),
      })}
      closeLabel={t('common.close')}
      footer={
        step.kind === 'summary' ? (
          <Button onClick={close}>{t('blockedTimes.impact.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {t('scheduling.block.cancel')}
            </Button>
            {step.kind === 'choices' ? (
              <Button isLoading={flow.isBusy} onClick={confirm}>
                {t('blockedTimes.impact.confirm')}
              </Button>
            ) : (
              <Button isLoading={flow.isBusy} onClick={submit}>
                {t('scheduling.block.submit')}
              </Button>
            )}
          </>
        )
      }
    >
      {step.kind !== 'form' ? (
        <BlockImpactStep flow={flow} timezone={timezone} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Input
            label={t('scheduling.block.description')}
            error={form.formState.errors.description?.message}
            {...form.register('description')}
          />
        </form>
      )}
    </Dialog>
  );
}
