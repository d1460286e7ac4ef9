import {
  exceptionReasonSchema,
  isWaivableBookingRule,
  type BookingCheck,
  type CreateAppointmentBody,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useCreateExceptionAppointment } from '../api/create-exception-appointment';

const exceptionFormSchema = z.object({ reason: exceptionReasonSchema });
type ExceptionForm = z.infer<typeof exceptionFormSchema>;

/**
 * Whether staff may book despite these failures: every one is a rule the club may waive and the
 * role may make exceptions (docs/domain.md, "Exceptions"). A taken, blocked or past slot, a
 * blocked member or title: never.
 */
export function useCanBookAsException(failures: BookingCheck['failures']): boolean {
  const canWaive = useCan('bookings.exception');
  return (
    canWaive &&
    failures.length > 0 &&
    failures.every((failure) => isWaivableBookingRule(failure.code))
  );
}

type ExceptionReasonFormProps = {
  /** What the exception lets the user do, above the reason. */
  heading: string;
  submitLabel: string;
  isPending: boolean;
  /** The reason already given (a cancellation's), to confirm or change. */
  defaultReason?: string;
  /** Books or cancels with the trimmed reason; a refusal is the caller's to tell. */
  onSubmit: (reason: string) => Promise<void>;
};

/** The written reason of an exception (required, at most 500 characters) and its button. */
export function ExceptionReasonForm({
  heading,
  submitLabel,
  isPending,
  defaultReason = '',
  onSubmit,
}: ExceptionReasonFormProps) {
  const { t } = useTranslation();
  const form = useForm<ExceptionForm>({
    resolver: zodResolver(exceptionFormSchema),
    defaultValues: { reason: defaultReason },
  });
  const error = form.formState.errors.reason?.message;
  return (
    <form
      onSubmit={form.handleSubmit(({ reason }) => onSubmit(reason))}
      noValidate
      aria-label={heading}
      className="space-y-3 rounded-lg border border-violet-300 bg-violet-50 p-3"
    >
      <p className="font-medium text-violet-950">{heading}</p>
      <FormField
        label={t('scheduling.exception.reason')}
        hint={t('scheduling.exception.hint')}
        error={error}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={500}
            className={cn(inputStyles(Boolean(error)), 'h-auto py-2')}
            {...form.register('reason')}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" isLoading={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}

type ExceptionBookingFormProps = {
  companyId: string;
  body: CreateAppointmentBody;
  onBooked: () => void;
};

/** 'Reservar como exceção': the written reason, kept on the booking and in the audit. */
export function ExceptionBookingForm({ companyId, body, onBooked }: ExceptionBookingFormProps) {
  const { t } = useTranslation();
  const create = useCreateExceptionAppointment(companyId);
  return (
    <ExceptionReasonForm
      heading={t('scheduling.exception.heading')}
      submitLabel={t('scheduling.exception.submit')}
      isPending={create.isPending}
      onSubmit={async (reason) => {
        try {
          await create.mutateAsync({ ...body, reason });
          toast.success(t('scheduling.exception.created'));
          onBooked();
        } catch (failure) {
          toast.error(errorMessageOf(failure, t('scheduling.create.createError')));
        }
      }}
    />
  );
}
