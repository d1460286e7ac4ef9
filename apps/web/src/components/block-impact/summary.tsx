import type { BlockOutcome } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '@/lib/dates';
import type { ImpactResult } from './flow';

type BlockImpactSummaryProps = {
  result: ImpactResult & { items?: unknown[] };
  timezone: string;
  /** Its title and first line, when what was saved is not a block (a special day). */
  heading?: { title: string; lead: string };
};

/** What the saved block (or special day) did: the bookings kept, cancelled and moved. */
export function BlockImpactSummary({ result, timezone, heading }: BlockImpactSummaryProps) {
  const { t } = useTranslation();
  const line = (outcome: BlockOutcome, place: string) => (
    <>
      <span className="font-medium text-slate-900">
        {t('blockedTimes.impact.who', {
          name: outcome.associate.name,
          card: outcome.associate.cardId,
        })}
      </span>
      <span className="block text-slate-700">
        {t('blockedTimes.impact.where', {
          place,
          date: formatDate(outcome.startsAt, timezone),
          start: formatTime(outcome.startsAt, timezone),
          end: formatTime(outcome.endsAt, timezone),
        })}
      </span>
    </>
  );
  const groups = [
    {
      key: 'kept',
      items: result.kept.map((outcome) => ({ outcome, place: outcome.place.name })),
    },
    {
      key: 'cancelled',
      items: result.cancelled.map((outcome) => ({ outcome, place: outcome.place.name })),
    },
    {
      key: 'moved',
      items: result.moved.map((outcome) => ({
        outcome,
        place: t('blockedTimes.impact.movedItem', {
          from: outcome.place.name,
          to: outcome.to.name,
        }),
      })),
    },
  ] as const;
  return (
    <section aria-labelledby="block-summary-title" className="space-y-3">
      <div role="status">
        <h3 id="block-summary-title" className="font-semibold text-slate-900">
          {heading?.title ?? t('blockedTimes.impact.summaryTitle')}
        </h3>
        <p className="text-sm text-slate-600">
          {heading?.lead ??
            t('blockedTimes.impact.summaryBlocks', { count: result.items?.length ?? 0 })}
        </p>
      </div>
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <div key={group.key}>
            <h4 className="text-sm font-semibold text-slate-800">
              {t(`blockedTimes.impact.${group.key}`)} ({group.items.length})
            </h4>
            <ul aria-label={t(`blockedTimes.impact.${group.key}`)} className="mt-1 space-y-1">
              {group.items.map(({ outcome, place }) => (
                <li
                  key={outcome.appointmentId}
                  className="rounded-lg bg-slate-50 px-3 py-2 text-sm"
                >
                  {line(outcome, place)}
                </li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}
