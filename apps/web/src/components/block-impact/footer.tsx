import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ImpactResult, ImpactStep } from './flow';

type BlockImpactFooterProps<Result extends ImpactResult> = {
  flow: { step: ImpactStep<Result>; isBusy: boolean };
  onClose: () => void;
  /** The form's save (first step). */
  onSubmit: () => void;
  /** The choices' save (second step, when the save hit bookings). */
  onConfirm: () => void;
  cancelLabel: string;
  submitLabel: string;
  confirmLabel: string;
};

/**
 * The buttons of a dialog that saves through the impact flow: cancel and save on the form, cancel
 * and confirm on the choices, close on the summary.
 */
export function BlockImpactFooter<Result extends ImpactResult>({
  flow,
  onClose,
  onSubmit,
  onConfirm,
  cancelLabel,
  submitLabel,
  confirmLabel,
}: BlockImpactFooterProps<Result>) {
  const { t } = useTranslation();
  if (flow.step.kind === 'summary')
    return <Button onClick={onClose}>{t('blockedTimes.impact.close')}</Button>;
  return (
    <>
      <Button variant="secondary" onClick={onClose}>
        {cancelLabel}
      </Button>
      {flow.step.kind === 'choices' ? (
        <Button onClick={onConfirm} isLoading={flow.isBusy}>
          {confirmLabel}
        </Button>
      ) : (
        <Button onClick={onSubmit} isLoading={flow.isBusy}>
          {submitLabel}
        </Button>
      )}
    </>
  );
}
