import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditTrail } from '@/components/audit-trail';
import { paths } from '@/config/paths';

type AuditHistorySectionProps = {
  companyId: string;
  timezone: string;
} & ({ placeId: string; associateId?: never } | { associateId: string; placeId?: never });

/**
 * "Histórico" on a place's or an associate's page: the audit trail of that record (without
 * naming it again on every line) and a link to the same filter on the Auditoria screen.
 */
export function AuditHistorySection({ companyId, timezone, ...record }: AuditHistorySectionProps) {
  const { t } = useTranslation();
  const filters = record.placeId
    ? { placeId: record.placeId }
    : { associateId: record.associateId };
  const titleId = record.placeId ? 'place-history-title' : 'associate-history-title';
  return (
    <section className="mt-8" aria-labelledby={titleId}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('audit.historyTitle')}
        </h2>
        <Link
          to={paths.audit.href(filters)}
          className="text-sm font-medium text-brand-700 underline"
        >
          {t('audit.openInAudit')}
        </Link>
      </div>
      <AuditTrail
        companyId={companyId}
        timezone={timezone}
        filters={filters}
        hidePlace={Boolean(record.placeId)}
        hideAssociate={Boolean(record.associateId)}
      />
    </section>
  );
}
