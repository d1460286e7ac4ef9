import type { Report } from '@clube/shared';
import { useTranslation } from 'react-i18next';

const figures = [
  'bookings',
  'cancellations',
  'lateCancellations',
  'checkIns',
  'noShows',
  'portalBookings',
  'staffBookings',
  'exceptions',
  'messagesSent',
  'messagesFailed',
] as const;

/** Each behaviour figure beside the previous period's, and the exceptions' reasons. */
export function BehaviourSection({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { behaviour } = report;
  return (
    <>
      <table className="mb-4 w-full max-w-xl text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1" />
            <th scope="col" className="py-1 text-right">
              {t('reports.filters.period')}
            </th>
            <th scope="col" className="py-1 text-right">
              {t('reports.occupancy.previousShare')}
            </th>
          </tr>
        </thead>
        <tbody>
          {figures.map((figure) => (
            <tr key={figure} className="border-t border-slate-200">
              <th scope="row" className="py-1 font-normal">
                {t(`reports.figures.${figure}`)}
              </th>
              <td className="py-1 text-right font-semibold">{behaviour[figure].current}</td>
              <td className="py-1 text-right text-slate-600">{behaviour[figure].previous}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mb-2 font-semibold text-slate-800">
        {t('reports.behaviour.exceptionReasons')}
      </h3>
      {behaviour.exceptionReasons.length === 0 ? (
        <p className="text-sm text-slate-600">{t('reports.behaviour.noExceptions')}</p>
      ) : (
        <table className="w-full max-w-xl text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1">
                {t('reports.behaviour.reason')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('reports.behaviour.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {behaviour.exceptionReasons.map((row) => (
              <tr key={row.reason} className="border-t border-slate-200">
                <th scope="row" className="py-1 font-normal">
                  {row.reason}
                </th>
                <td className="py-1 text-right">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
