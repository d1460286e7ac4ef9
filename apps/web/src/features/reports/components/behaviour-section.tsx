import { bookingOutcomes, type Report } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { FiguresTable } from './figures-table';

const figures = [...bookingOutcomes, 'messagesSent', 'messagesFailed'] as const;

/** Each behaviour figure beside the previous period's, and the exceptions' reasons. */
export function BehaviourSection({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { behaviour } = report;
  return (
    <>
      <FiguresTable
        className="mb-4 max-w-xl"
        columns={[
          { header: t('reports.filters.period'), cellClassName: 'font-semibold' },
          { header: t('reports.occupancy.previousShare'), cellClassName: 'text-slate-600' },
        ]}
        rows={figures.map((figure) => ({
          key: figure,
          name: t(`reports.figures.${figure}`),
          cells: [behaviour[figure].current, behaviour[figure].previous],
        }))}
      />
      <h3 className="mb-2 font-semibold text-slate-800">
        {t('reports.behaviour.exceptionReasons')}
      </h3>
      {behaviour.exceptionReasons.length === 0 ? (
        <p className="text-sm text-slate-600">{t('reports.behaviour.noExceptions')}</p>
      ) : (
        <FiguresTable
          className="max-w-xl"
          nameHeader={t('reports.behaviour.reason')}
          columns={[{ header: t('reports.behaviour.count') }]}
          rows={behaviour.exceptionReasons.map((row) => ({
            key: row.reason,
            name: row.reason,
            cells: [row.count],
          }))}
        />
      )}
    </>
  );
}
