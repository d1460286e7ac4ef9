import type { SpecialDay, SpecialDayPreviewBody } from '@clube/shared';
import { minutesOfTime, specialDayNameMessage } from '@clube/shared';
import { z } from 'zod';
import { i18n } from '@/lib/i18n';

const time = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The dialog's fields: the checks the staff can fix before sending (the server checks again). */
export const specialDayFormSchema = z
  .object({
    date: z.string().min(1, i18n.t('specialDays.form.dateRequired')),
    name: z.string().trim().min(1, specialDayNameMessage).max(80, specialDayNameMessage),
    scope: z.enum(['club', 'category', 'place']),
    categoryId: z.string(),
    placeId: z.string(),
    closed: z.boolean(),
    openTime: z.string(),
    closeTime: z.string(),
  })
  .superRefine((form, context) => {
    if (form.scope === 'category' && !form.categoryId)
      context.addIssue({
        code: 'custom',
        path: ['categoryId'],
        message: i18n.t('specialDays.form.categoryRequired'),
      });
    if (form.scope === 'place' && !form.placeId)
      context.addIssue({
        code: 'custom',
        path: ['placeId'],
        message: i18n.t('specialDays.form.placeRequired'),
      });
    if (form.closed) return;
    for (const field of ['openTime', 'closeTime'] as const)
      if (!time.test(form[field]))
        context.addIssue({
          code: 'custom',
          path: [field],
          message: i18n.t('specialDays.form.timeRequired'),
        });
    if (
      time.test(form.openTime) &&
      time.test(form.closeTime) &&
      minutesOfTime(form.openTime) >= minutesOfTime(form.closeTime)
    )
      context.addIssue({
        code: 'custom',
        path: ['closeTime'],
        message: i18n.t('specialDays.form.openBeforeClose'),
      });
  });
export type SpecialDayForm = z.infer<typeof specialDayFormSchema>;

/** The form of a special day being edited, or of a new one (closed, for the whole club). */
export function formOf(day: SpecialDay | null): SpecialDayForm {
  return {
    date: day?.date ?? '',
    name: day?.name ?? '',
    scope: day?.scope ?? 'club',
    categoryId: day?.category?.id ?? '',
    placeId: day?.place?.id ?? '',
    closed: day?.closed ?? true,
    openTime: day?.openTime ?? '',
    closeTime: day?.closeTime ?? '',
  };
}

/** The body the API takes from the form. */
export function bodyOf(companyId: string, form: SpecialDayForm): SpecialDayPreviewBody {
  return {
    companyId,
    date: form.date,
    name: form.name.trim(),
    categoryId: form.scope === 'category' ? form.categoryId : null,
    placeId: form.scope === 'place' ? form.placeId : null,
    openTime: form.closed ? null : form.openTime,
    closeTime: form.closed ? null : form.closeTime,
  };
}
