import { categoryFieldsSchema, type Category, type CategoryFields } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessageOf } from '@/lib/errors';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { serverFieldErrorsOf } from '@/lib/server-field-errors';
import { useCreateCategory } from '@/lib/api/create-category';
import { useUpdateCategory } from '../api/update-category';

type CategoryFormDialogProps = {
  companyId: string;
  isOpen: boolean;
  onClose: () => void;
  /** Absent: create. Present: edit this category. */
  category?: Category;
};

const fieldNames = [
  'name',
  'blockedAppointmentDay',
  'notAppointmentPreviousDayTime',
  'waitlistEnabled',
] as const;

export function CategoryFormDialog({
  companyId,
  isOpen,
  onClose,
  category,
}: CategoryFormDialogProps) {
  const { t } = useTranslation();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const isPending = createCategory.isPending || updateCategory.isPending;
  const defaultValues: CategoryFields = {
    name: category?.name ?? '',
    blockedAppointmentDay: category?.blockedAppointmentDay ?? false,
    notAppointmentPreviousDayTime: category?.notAppointmentPreviousDayTime ?? false,
    waitlistEnabled: category?.waitlistEnabled ?? true,
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CategoryFields, unknown, z.output<typeof categoryFieldsSchema>>({
    resolver: zodResolver(categoryFieldsSchema),
    defaultValues,
  });

  const close = () => {
    reset(defaultValues);
    onClose();
  };

  const onError = (fallback: string) => (error: unknown) => {
    for (const { field, message } of serverFieldErrorsOf(error, fieldNames)) {
      setError(field, { message });
    }
    toast.error(errorMessageOf(error, fallback));
  };

  const onSubmit = handleSubmit((values) => {
    if (category) {
      updateCategory.mutate(
        { id: category.id, ...values },
        {
          onSuccess: (updated) => {
            toast.success(t('categories.toasts.updated', { name: updated.name }));
            onClose();
          },
          onError: onError(t('categories.toasts.updateError')),
        },
      );
      return;
    }
    createCategory.mutate(
      { companyId, ...values },
      {
        onSuccess: (created) => {
          toast.success(t('categories.toasts.created', { name: created.name }));
          close();
        },
        onError: onError(t('categories.toasts.createError')),
      },
    );
  });

  const checkboxes = [
    {
      name: 'blockedAppointmentDay',
      label: t('categories.form.blockedAppointmentDay'),
      hint: t('categories.form.blockedAppointmentDayHint'),
    },
    {
      name: 'notAppointmentPreviousDayTime',
      label: t('categories.form.notAppointmentPreviousDayTime'),
      hint: t('categories.form.notAppointmentPreviousDayTimeHint'),
    },
    {
      name: 'waitlistEnabled',
      label: t('categories.form.waitlistEnabled'),
      hint: t('categories.form.waitlistEnabledHint'),
    },
  ] as const;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={category ? t('categories.form.editTitle') : t('categories.form.createTitle')}
      closeLabel={t('common.close')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Input
          label={t('categories.form.name')}
          error={errors.name?.message}
          {...register('name')}
        />
        {checkboxes.map((checkbox) => (
          <label key={checkbox.name} className="flex gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              aria-describedby={`${checkbox.name}-hint`}
              {...register(checkbox.name)}
            />
            <span>
              <span className="block font-medium text-slate-800">{checkbox.label}</span>
              <span id={`${checkbox.name}-hint`} className="block text-slate-600">
                {checkbox.hint}
              </span>
            </span>
          </label>
        ))}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isPending}>
            {t('categories.form.cancel')}
          </Button>
          <Button type="submit" isLoading={isPending}>
            {category ? t('categories.form.save') : t('categories.form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
