import {
  reportPeriodLabels,
  reportPeriods,
  type ReportPeriod,
  type ReportTable,
} from '@clube/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isPeriodReversed, PeriodFields } from '@/components/period-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { useCategories } from '@/lib/api/get-categories';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import {
  downloadAppointments,
  downloadReportTable,
  useReport,
  useReportPlaceChoices,
  type ReportFilters,
} from '../api/get-report';
import { BehaviourSection } from '../components/behaviour-section';
import { OccupancyBars } from '../components/occupancy-bars';
import { OccupancyHeatmap } from '../components/occupancy-heatmap';
import { FiguresTable } from '../components/figures-table';
import { percentText, shareOf } from '../components/share';
import './reports-print.css';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The period and filters in the URL (a view can be shared), anything malformed left out. */
function readFilters(params: URLSearchParams): ReportFilters {
  const value = (name: string, pattern: RegExp) => {
    const text = params.get(name)?.trim();
    return text && pattern.test(text) ? text : undefined;
  };
  const period = params.get('period') as ReportPeriod | null;
  return {
    period: period && reportPeriods.includes(period) ? period : 'this-month',
    from: value('from', isoDate),
    to: value('to', isoDate),
    categoryId: value('categoryId', uuid),
    placeId: value('placeId', uuid),
  };
}

const brazilianDate = (date: string) =>
  `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** /relatorios: how the club's places were used in a period, beside the period before. */
export function ReportsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const isCustomReady =
    filters.period !== 'custom' ||
    (Boolean(filters.from && filters.to) && !isPeriodReversed(filters));
  const report = useReport(company.id, filters, isCustomReady);
  const categories = useCategories(company.id);
  const places = useReportPlaceChoices(company.id);
  const [exporting, setExporting] = useState<{ what: string | null; error: string | null }>({
    what: null,
    error: null,
  });

  const update = (changes: Record<string, string | null | undefined>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (!value) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const run = async (what: string, work: () => Promise<void>) => {
    setExporting({ what, error: null });
    try {
      await work();
      setExporting({ what: null, error: null });
    } catch (error) {
      setExporting({ what: null, error: errorMessageOf(error, t('reports.exportError')) });
    }
  };
  const exportButton = (table: ReportTable) => (
    <Button
      variant="secondary"
      className="print:hidden"
      disabled={exporting.what !== null}
      onClick={() => void run(table, () => downloadReportTable(company.id, table, filters))}
    >
      {exporting.what === table ? t('reports.exporting') : t('reports.exportTable')}
    </Button>
  );

  const data = report.data;
  const ranked = [...(data?.occupancy.places ?? [])]
    .map((place) => ({
      ...place,
      share: shareOf(place.bookedMinutes.current, place.bookableMinutes.current),
    }))
    .filter((place) => place.share !== null)
    .sort((a, b) => (b.share ?? 0) - (a.share ?? 0));
  // Busiest and emptiest only name places that differ (all at 0% names none).
  const isRanked = ranked.length > 1 && ranked[0]!.share !== ranked.at(-1)!.share;

  return (
    <div className="reports-page">
      <PageHeader
        title={t('reports.title')}
        description={t('reports.subtitle')}
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button
              variant="secondary"
              disabled={exporting.what !== null}
              onClick={() =>
                void run('appointments', () => downloadAppointments(company.id, filters))
              }
            >
              {exporting.what === 'appointments'
                ? t('reports.exporting')
                : t('reports.exportAppointments')}
            </Button>
            <Button variant="secondary" onClick={() => window.print()}>
              {t('reports.print')}
            </Button>
          </div>
        }
      />
      {exporting.error && (
        <Alert tone="error" className="mb-4">
          {exporting.error}
        </Alert>
      )}
      <Card className="mb-6 p-4 sm:p-5 print:hidden">
        <h2 className="sr-only">{t('reports.filters.title')}</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <FormField label={t('reports.filters.period')}>
            {(control) => (
              <select
                {...control}
                className={inputStyles(false)}
                value={filters.period}
                onChange={(event) => update({ period: event.target.value })}
              >
                {reportPeriods.map((period) => (
                  <option key={period} value={period}>
                    {reportPeriodLabels[period]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {filters.period === 'custom' && <PeriodFields value={filters} onChange={update} />}
          <FormField label={t('reports.filters.category')}>
            {(control) => (
              <select
                {...control}
                className={inputStyles(false)}
                value={filters.categoryId ?? ''}
                onChange={(event) => update({ categoryId: event.target.value })}
              >
                <option value="">{t('reports.filters.all')}</option>
                {(categories.data ?? []).map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('reports.filters.place')}>
            {(control) => (
              <select
                {...control}
                className={inputStyles(false)}
                value={filters.placeId ?? ''}
                onChange={(event) => update({ placeId: event.target.value })}
              >
                <option value="">{t('reports.filters.all')}</option>
                {(places.data ?? []).map((place) => (
                  <option key={place.id} value={place.id}>
                    {place.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      </Card>
      {report.isError && (
        <Alert tone="error" className="mb-4">
          {errorMessageOf(report.error, t('reports.loadError'))}
        </Alert>
      )}
      {data && (
        <div className="space-y-6">
          <p className="text-sm text-slate-700">
            {t('reports.periodLine', {
              from: brazilianDate(data.period.from),
              to: brazilianDate(data.period.to),
              previousFrom: brazilianDate(data.period.previousFrom),
              previousTo: brazilianDate(data.period.previousTo),
            })}
          </p>
          <Section title={t('reports.occupancy.title')} actions={exportButton('places')}>
            <p className="mb-4 text-sm text-slate-600">{t('reports.occupancy.note')}</p>
            <dl className="mb-4 grid gap-3 sm:grid-cols-3">
              <Figure
                label={t('reports.occupancy.total')}
                value={percentText(
                  shareOf(
                    data.occupancy.total.bookedMinutes.current,
                    data.occupancy.total.bookableMinutes.current,
                  ),
                )}
                previous={percentText(
                  shareOf(
                    data.occupancy.total.bookedMinutes.previous,
                    data.occupancy.total.bookableMinutes.previous,
                  ),
                )}
              />
              {isRanked && (
                <Figure
                  label={t('reports.occupancy.busiest')}
                  value={`${ranked[0]!.name}: ${percentText(ranked[0]!.share)}`}
                />
              )}
              {isRanked && (
                <Figure
                  label={t('reports.occupancy.emptiest')}
                  value={`${ranked.at(-1)!.name}: ${percentText(ranked.at(-1)!.share)}`}
                />
              )}
            </dl>
            <div className="grid gap-6 lg:grid-cols-2">
              <OccupancyBars title={t('reports.occupancy.byPlace')} items={data.occupancy.places} />
              <OccupancyBars
                title={t('reports.occupancy.byCategory')}
                items={data.occupancy.categories}
              />
            </div>
          </Section>
          <Section title={t('reports.occupancy.heatmap')} actions={exportButton('heatmap')}>
            <OccupancyHeatmap cells={data.occupancy.heatmap} />
          </Section>
          <Section title={t('reports.behaviour.title')} actions={exportButton('behaviour')}>
            <BehaviourSection report={data} />
          </Section>
          <Section title={t('reports.members.title')} actions={exportButton('titles')}>
            <MembersSection report={data} />
          </Section>
        </div>
      )}
    </div>
  );
}

function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="report-section p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}

export function Figure({
  label,
  value,
  previous,
}: {
  label: string;
  value: string | number;
  previous?: string | number;
}) {
  const { t } = useTranslation();
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900">{value}</dd>
      {previous !== undefined && (
        <dd className="text-xs text-slate-600">{t('reports.previous', { value: previous })}</dd>
      )}
    </div>
  );
}

function MembersSection({ report }: { report: NonNullable<ReturnType<typeof useReport>['data']> }) {
  const { t } = useTranslation();
  const { members } = report;
  const of = t('reports.members.ofAssociates', { count: members.associates });
  return (
    <>
      <dl className="mb-4 grid gap-3 sm:grid-cols-3">
        <Figure
          label={t('reports.members.titlesAtQuota')}
          value={members.titlesAtQuota.current}
          previous={members.titlesAtQuota.previous}
        />
        <Figure
          label={`${t('reports.members.neverBooked')} (${of})`}
          value={members.neverBooked.current}
          previous={members.neverBooked.previous}
        />
        <Figure
          label={`${t('reports.members.neverSignedIn')} (${of})`}
          value={members.neverSignedIn.current}
          previous={members.neverSignedIn.previous}
        />
      </dl>
      <h3 className="mb-2 font-semibold text-slate-800">{t('reports.members.topTitles')}</h3>
      {members.topTitles.length === 0 ? (
        <p className="text-sm text-slate-600">{t('reports.members.noBookings')}</p>
      ) : (
        <FiguresTable
          className="max-w-md"
          nameHeader={t('reports.members.titleName')}
          columns={[{ header: t('reports.members.bookings') }]}
          rows={members.topTitles.map((title) => ({
            key: title.id,
            name: title.name,
            cells: [title.bookings],
          }))}
        />
      )}
    </>
  );
}
