import { cancellationReasonMaxLength, cancellationReasonSchema } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormField, inputStyles } from '@/components/ui/form-field';

const cancelReasonFormSchema = z.object({ reason: cancellationReasonSchema });
type CancelReasonFormValues = z.infer<typeof cancelReasonFormSchema>;

/** The reasons staff give most; one tap fills the field, which can still be edited. */
export const quickCancellationReasons = [
  'maintenance',
  'clubEvent',
  'weather',
  'memberRequest',
] as const;

type CancelReasonFormProps = {
  /** The form's id: the dialog's footer submits it (`<button form={id}>`). */
  id: string;
  /** Above the reason: what cancelling means. */
  warning: string;
  /** Cancels with the trimmed reason; a refusal is the caller's to tell. */
  onSubmit: (reason: string) => Promise<void>;
};

/**
 * Why staff cancel a booking: required, short, with quick choices. The member reads it in the
 * cancellation's message; it is also kept on the booking and in the audit.
 */
export function CancelReasonForm({ id, warning, onSubmit }: CancelReasonFormProps) {
  const { t } = useTranslation();
  const form = useForm<CancelReasonFormValues>({
    resolver: zodResolver(cancelReasonFormSchema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  const current = form.watch('reason');
  return (
    <form
      id={id}
      onSubmit={form.handleSubmit(({ reason }) => onSubmit(reason))}
      noValidate
      aria-label={t('scheduling.cancelReason.form')}
      className="mt-4 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <p role="alert" className="text-sm font-medium text-red-800">
        {warning}
      </p>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">
          {t('scheduling.cancelReason.quick')}
        </legend>
        <div className="flex flex-wrap gap-2">
          {quickCancellationReasons.map((key) => {
            const text = t(`scheduling.cancelReason.choices.${key}`);
            const isChosen = current.trim() === text;
            return (
              <button
                key={key}
                type="button"
                aria-pressed={isChosen}
                onClick={() => form.setValue('reason', text, { shouldValidate: true })}
                className={cn(
                  'min-h-9 rounded-full border px-3 text-sm font-medium',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  isChosen
                    ? 'border-red-700 bg-red-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                )}
              >
                {text}
              </button>
            );
          })}
        </div>
      </fieldset>
      <FormField
        label={t('scheduling.cancelReason.label')}
        hint={t('scheduling.cancelReason.hint')}
        error={error}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={cancellationReasonMaxLength}
            autoComplete="off"
            className={inputStyles(Boolean(error))}
            {...form.register('reason')}
          />
        )}
      </FormField>
    </form>
  );
}

type CancelConfirmButtonsProps = {
  /** The `CancelReasonForm` the confirmation submits. */
  formId: string;
  isPending: boolean;
  keepLabel: string;
  confirmLabel: string;
  onKeep: () => void;
};

/** A dialog's footer while a cancellation waits for its reason: keep the booking, or confirm. */
export function CancelConfirmButtons({
  formId,
  isPending,
  keepLabel,
  confirmLabel,
  onKeep,
}: CancelConfirmButtonsProps) {
  return (
    <>
      <Button variant="secondary" onClick={onKeep}>
        {keepLabel}
      </Button>
      <Button type="submit" form={formId} variant="danger" isLoading={isPending}>
        {confirmLabel}
      </Button>
    </>
  );
}
