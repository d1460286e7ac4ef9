import { updateCompanyBodySchema, type Company } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Input } from '@/components/ui/input';
import { useClubSettingsForm } from '../hooks/use-club-settings-form';
import { ClubSettingsFormShell } from './club-settings-form-shell';

/** The API's own bounds and messages (updateCompanyBodySchema): 1–1440 minutes, 1–50 lines. */
const waitlistSchema = z.object({
  waitlistOfferMinutes: updateCompanyBodySchema.shape.waitlistOfferMinutes.unwrap(),
  waitlistMaxPerTitle: updateCompanyBodySchema.shape.waitlistMaxPerTitle.unwrap(),
});
type WaitlistValues = z.infer<typeof waitlistSchema>;

const valuesOf = (company: Company): WaitlistValues => ({
  waitlistOfferMinutes: company.waitlistOfferMinutes,
  waitlistMaxPerTitle: company.waitlistMaxPerTitle,
});
const toBody = (values: WaitlistValues) => values;

/**
 * Waitlists: how long an offer holds a freed slot, and how many lines one title may be in at
 * once. Each category turns its waitlists on or off (Categorias).
 */
export function WaitlistSettingsForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { form, onSubmit, isSaving } = useClubSettingsForm({
    company,
    schema: waitlistSchema,
    valuesOf,
    toBody,
  });
  const {
    register,
    formState: { errors, isDirty },
  } = form;

  return (
    <ClubSettingsFormShell
      label={t('companies.waitlist.formLabel')}
      saveLabel={t('companies.waitlist.save')}
      onSubmit={onSubmit}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <Input
        type="number"
        min={1}
        max={1440}
        label={t('companies.waitlist.offerMinutes')}
        hint={t('companies.waitlist.offerMinutesHint')}
        error={errors.waitlistOfferMinutes?.message}
        {...register('waitlistOfferMinutes', { valueAsNumber: true })}
      />
      <Input
        type="number"
        min={1}
        max={50}
        label={t('companies.waitlist.maxPerTitle')}
        hint={t('companies.waitlist.maxPerTitleHint')}
        error={errors.waitlistMaxPerTitle?.message}
        {...register('waitlistMaxPerTitle', { valueAsNumber: true })}
      />
    </ClubSettingsFormShell>
  );
}
