import {
  auditActionLabel,
  auditDetailEntries,
  auditFieldLabel,
  auditValueText,
  type AuditEntry,
} from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { useAuditTrail, type AuditFilters } from '@/lib/api/get-audit';
import { errorMessageOf } from '@/lib/errors';
import { formatDateTimeLong } from '@/lib/dates';

type AuditTrailProps = {
  companyId: string;
  /** The club's timezone: every time is shown on the club's clock. */
  timezone: string;
  filters: AuditFilters;
  /** Hidden where the page is already about that place or associate. */
  hidePlace?: boolean;
  hideAssociate?: boolean;
};

/** One changed field: its name, then the old and the new value. */
function ChangeRows({ entry, timezone }: { entry: AuditEntry; timezone: string }) {
  const { t } = useTranslation();
  const fields = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  if (fields.length === 0) return null;
  return (
    <table className="mt-2 w-full table-fixed text-left text-sm">
      <thead>
        <tr className="text-xs text-slate-600">
          <th className="w-1/3 py-1 pr-2 font-medium">{t('audit.field')}</th>
          <th className="py-1 pr-2 font-medium">{t('audit.before')}</th>
          <th className="py-1 font-medium">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field} className="border-t border-slate-100 align-top">
            <td className="py-1 pr-2 text-slate-700">{auditFieldLabel(field)}</td>
            <td className="py-1 pr-2 break-words text-slate-500 line-through decoration-slate-300">
              {auditValueText(field, entry.before?.[field], timezone)}
            </td>
            <td className="py-1 break-words font-medium text-slate-900">
              {auditValueText(field, entry.after?.[field], timezone)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditItem({
  entry,
  timezone,
  hidePlace,
  hideAssociate,
}: { entry: AuditEntry; timezone: string } & Pick<AuditTrailProps, 'hidePlace' | 'hideAssociate'>) {
  const { t } = useTranslation();
  const action = auditActionLabel(entry.action);
  const who = entry.actor.name;
  const details = auditDetailEntries(entry.details);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="font-semibold text-slate-900">{action}</p>
        <p className="text-sm text-slate-600 tabular-nums">
          <time dateTime={entry.createdAt}>{formatDateTimeLong(entry.createdAt, timezone)}</time>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {who ? (
          <>
            {t('audit.by', { name: who })}{' '}
            <span className="text-slate-500">({t(`audit.actors.${entry.actor.kind}`)})</span>
          </>
        ) : (
          t('audit.bySystem')
        )}
      </p>
      {((!hidePlace && entry.place) || (!hideAssociate && entry.associate)) && (
        <p className="mt-1 text-sm text-slate-700">
          {!hidePlace && entry.place && (
            <span className="mr-3">{t('audit.aboutPlace', { name: entry.place.name })}</span>
          )}
          {!hideAssociate && entry.associate && (
            <span>{t('audit.aboutAssociate', { name: entry.associate.name })}</span>
          )}
        </p>
      )}
      <ChangeRows entry={entry} timezone={timezone} />
      {details.length > 0 && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          {details.map(([field, value]) => (
            <div key={field} className="contents">
              <dt className="text-slate-600">{auditFieldLabel(field)}</dt>
              <dd className="break-words text-slate-800">
                {auditValueText(field, value, timezone)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/**
 * The club's audit trail for some filters, newest first, a page at a time ("Carregar mais"): the
 * Auditoria screen and the history of an associate or a place.
 */
export function AuditTrail(props: AuditTrailProps) {
  const { t } = useTranslation();
  const { companyId, timezone, filters } = props;
  const query = useAuditTrail(companyId, filters);

  if (query.isPending) return <LoadingState label={t('audit.loading')} />;
  if (query.isError && !query.data)
    return <Alert tone="error">{errorMessageOf(query.error, t('audit.loadError'))}</Alert>;
  const entries = query.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <p className="text-sm text-slate-600">{t('audit.empty')}</p>;
  return (
    <div>
      <ul className="space-y-3" aria-label={t('audit.listLabel')}>
        {entries.map((entry) => (
          <AuditItem
            key={entry.id}
            entry={entry}
            timezone={timezone}
            hidePlace={props.hidePlace}
            hideAssociate={props.hideAssociate}
          />
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <Alert tone="error" className="mt-3">
          {errorMessageOf(query.error, t('audit.loadError'))}
        </Alert>
      )}
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? t('audit.loadingMore') : t('audit.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
