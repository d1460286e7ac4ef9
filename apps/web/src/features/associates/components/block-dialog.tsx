import { blockSchema } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessageOf } from '@/lib/errors';
import { type z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useBlockAssociateOrTitle, type BlockTarget } from '../api/block-associate';

type FormValues = z.input<typeof blockSchema>;

export type BlockRequest = BlockTarget & { block: boolean };

type BlockDialogProps = {
  companyId: string;
  request: BlockRequest | null;
  onClose: () => void;
};

/** Blocks (a reason is required) or unblocks an associate or their title. */
export function BlockDialog({ companyId, request, onClose }: BlockDialogProps) {
  const { t } = useTranslation();
  const mutation = useBlockAssociateOrTitle(companyId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(blockSchema),
    values: { blocked: request?.block ?? true, reason: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const titleKey =
    request?.kind === 'title'
      ? request.block
        ? 'associates.block.titleTitle'
        : 'associates.block.titleUnblockTitle'
      : request?.block
        ? 'associates.block.associateTitle'
        : 'associates.block.associateUnblockTitle';

  const onSubmit = handleSubmit((values) => {
    if (!request) return;
    mutation.mutate(
      { target: { kind: request.kind, id: request.id }, input: values },
      {
        onSuccess: () => {
          toast.success(
            t(request.block ? 'associates.block.blocked' : 'associates.block.unblocked'),
          );
          close();
        },
        onError: (error) => {
          toast.error(errorMessageOf(error, t('associates.block.error')));
        },
      },
    );
  });

  return (
    <Dialog
      isOpen={request !== null}
      onClose={close}
      title={t(titleKey)}
      description={t(
        request?.block
          ? 'associates.block.blockDescription'
          : 'associates.block.unblockDescription',
      )}
      closeLabel={t('common.close')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Input
          label={t('associates.block.reason')}
          error={errors.reason ? t('associates.block.reasonRequired') : undefined}
          {...register('reason')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('associates.block.cancel')}
          </Button>
          <Button
            type="submit"
            variant={request?.block ? 'danger' : 'primary'}
            isLoading={mutation.isPending}
          >
            {t(
              request?.block ? 'associates.block.confirmBlock' : 'associates.block.confirmUnblock',
            )}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
