import { auditActionLabel, auditActions, type AuditAction } from '@clube/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuditTrail } from '@/components/audit-trail';
import { isPeriodReversed, PeriodFields } from '@/components/period-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { downloadAuditCsv, useAuditTrail, type AuditFilters } from '@/lib/api/get-audit';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import { useAuditPlaceChoices } from '../api/get-audit-choices';

const personDebounceMs = 300;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters in the URL (a view can be shared), with anything malformed left out. */
function readFilters(params: URLSearchParams): AuditFilters {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const matching = (name: string, pattern: RegExp) => {
    const value = text(name);
    return value && pattern.test(value) ? value : undefined;
  };
  const action = text('action');
  return {
    person: text('person'),
    action: auditActions.includes(action as AuditAction) ? (action as AuditAction) : undefined,
    placeId: matching('placeId', uuid),
    associateId: matching('associateId', uuid),
    from: matching('from', isoDate),
    to: matching('to', isoDate),
  };
}

/** /audit: the club's audit trail with its filters, newest first, and its CSV export. */
export function AuditPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const [personText, setPersonText] = useState(filters.person ?? '');
  const [exportState, setExportState] = useState<{ isPending: boolean; error: string | null }>({
    isPending: false,
    error: null,
  });
  const places = useAuditPlaceChoices(company.id);

  const updateParams = (changes: Record<string, string | null | undefined>) => {
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
  };

  useEffect(() => {
    if (personText.trim() === (filters.person ?? '')) return;
    const timer = setTimeout(
      () => updateParams({ person: personText.trim() || null }),
      personDebounceMs,
    );
    return () => clearTimeout(timer);
    // Only typing restarts the wait; updateParams changes identity on every render.
  }, [personText]);

  const activeFilters: AuditFilters = isPeriodReversed(filters)
    ? { ...filters, to: undefined }
    : filters;
  // The trail's answer names the associate it is filtered by (the list below reads the same query).
  const trail = useAuditTrail(company.id, activeFilters);
  const associateName = trail.data?.pages[0]?.associate?.name;

  const exportCsv = async () => {
    setExportState({ isPending: true, error: null });
    try {
      await downloadAuditCsv(company.id, activeFilters);
      setExportState({ isPending: false, error: null });
    } catch (error) {
      setExportState({ isPending: false, error: errorMessageOf(error, t('audit.exportError')) });
    }
  };

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        description={t('audit.subtitle')}
        actions={
          <Button
            variant="secondary"
            className="whitespace-nowrap"
            onClick={() => void exportCsv()}
            disabled={exportState.isPending}
          >
            {exportState.isPending ? t('audit.exporting') : t('audit.export')}
          </Button>
        }
      />
      {exportState.error && (
        <Alert tone="error" className="mb-4">
          {exportState.error}
        </Alert>
      )}
      <Card className="mb-6 p-4 sm:p-5">
        <h2 className="sr-only">{t('audit.filters.title')}</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <Input
            label={t('audit.filters.person')}
            placeholder={t('audit.filters.personPlaceholder')}
            value={personText}
            maxLength={100}
            onChange={(event) => setPersonText(event.target.value)}
          />
          <FormField label={t('audit.filters.type')}>
            {(control) => (
              <select
                {...control}
                className={inputStyles(false)}
                value={filters.action ?? ''}
                onChange={(event) => updateParams({ action: event.target.value || null })}
              >
                <option value="">{t('audit.filters.anyType')}</option>
                {auditActions
                  .map((action) => ({ action, label: auditActionLabel(action) }))
                  .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'))
                  .map(({ action, label }) => (
                    <option key={action} value={action}>
                      {label}
                    </option>
                  ))}
              </select>
            )}
          </FormField>
          <FormField label={t('audit.filters.place')}>
            {(control) => (
              <select
                {...control}
                className={inputStyles(false)}
                value={filters.placeId ?? ''}
                onChange={(event) => updateParams({ placeId: event.target.value || null })}
              >
                <option value="">{t('audit.filters.anyPlace')}</option>
                {(places.data ?? []).map((place) => (
                  <option key={place.id} value={place.id}>
                    {place.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <PeriodFields value={filters} onChange={updateParams} />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {filters.associateId && (
            <span className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
              {t('audit.filters.associate', { name: associateName ?? '…' })}
              <button
                type="button"
                className="font-semibold"
                aria-label={t('audit.filters.removeAssociate')}
                onClick={() => updateParams({ associateId: null })}
              >
                ×
              </button>
            </span>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setPersonText('');
              setSearchParams(new URLSearchParams(), { replace: true });
            }}
          >
            {t('audit.filters.clear')}
          </Button>
        </div>
      </Card>
      <AuditTrail companyId={company.id} timezone={company.timezone} filters={activeFilters} />
    </>
  );
}
