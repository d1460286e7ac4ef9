import type { Company } from '@clube/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { formatDateTimeLong } from '@/lib/dates';

type CompanySummaryProps = { company: Company };

/** Whole seconds, the precision the page shows: a change within the creation's second is not "later". */
const secondsOf = (instant: string) => Math.floor(Date.parse(instant) / 1000);

/** Settings: the club's name, when it was created and, if later, when it was last modified. */
export function CompanySummary({ company }: CompanySummaryProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const isModifiedLater = secondsOf(company.updatedAt) > secondsOf(company.createdAt);
  return (
    <Card className="px-6 py-5">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-xl font-semibold break-words text-slate-900">
          {company.name}
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {t('companies.settings.createdAt', {
            date: formatDateTimeLong(company.createdAt, company.timezone),
          })}
        </p>
        {isModifiedLater && (
          <p className="mt-1 text-sm text-slate-600">
            {t('companies.settings.updatedAt', {
              date: formatDateTimeLong(company.updatedAt, company.timezone),
            })}
          </p>
        )}
      </section>
    </Card>
  );
}
