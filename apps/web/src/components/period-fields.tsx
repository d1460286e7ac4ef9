import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

/** A period's ends as the filters of a screen keep them: ISO dates, either one maybe unset. */
export type PeriodValue = { from?: string | undefined; to?: string | undefined };

/** Whether the period ends before it starts (the screens then leave its end out). */
export const isPeriodReversed = ({ from, to }: PeriodValue) => Boolean(from && to && from > to);

/**
 * The two date fields of a period filter (De / Até), the end marked when it comes before the
 * start. A cleared field answers null, so the screen drops it from its URL.
 */
export function PeriodFields({
  value,
  onChange,
}: {
  value: PeriodValue;
  onChange: (changes: { from?: string | null; to?: string | null }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Input
        type="date"
        label={t('common.period.from')}
        value={value.from ?? ''}
        onChange={(event) => onChange({ from: event.target.value || null })}
      />
      <Input
        type="date"
        label={t('common.period.to')}
        value={value.to ?? ''}
        error={isPeriodReversed(value) ? t('common.period.order') : undefined}
        onChange={(event) => onChange({ to: event.target.value || null })}
      />
    </>
  );
}
