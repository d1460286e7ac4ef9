import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { DateTimeInput } from '@/components/ui/date-time-input';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useDeleteBlockedTime } from '../api/delete-blocked-time';
import { useBlockedTimes } from '../api/get-blocked-times';
import {
  dayRange,
  fromLocalInputValue,
  todayRange,
  toLocalInputValue,
} from '../utils/club-date-time';

type BlockedTimesListProps = {
  placeId?: string;
  showPlaceName: boolean;
  /** The club-local day the filter opens on (AAAA-MM-DD); today when absent. */
  initialDate?: string;
};

/** Filter by period (today by default), the blocks found, and deleting one (a role that may). */
export function BlockedTimesList({ placeId, showPlaceName, initialDate }: BlockedTimesListProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const canDelete = useCan('blocks.write');
  const timezone = company.timezone;
  const [range, setRange] = useState(() =>
    initialDate ? dayRange(initialDate, timezone) : todayRange(timezone),
  );
  const [draft, setDraft] = useState(() => ({
    start: toLocalInputValue(range.startTime, timezone),
    end: toLocalInputValue(range.endTime, timezone),
  }));
  const [toDelete, setToDelete] = useState<{ id: string; description: string } | null>(null);
  const blocks = useBlockedTimes({ companyId: company.id, placeId, ...range });
  const deletion = useDeleteBlockedTime(company.id);

  const search = (event: React.FormEvent) => {
    event.preventDefault();
    const startTime = fromLocalInputValue(draft.start, timezone);
    const endMinute = fromLocalInputValue(draft.end, timezone);
    if (!startTime || !endMinute) return;
    // The fields stop at minutes: an end of 23:59 means up to the end of that minute.
    const endTime = new Date(new Date(endMinute).getTime() + 59_999).toISOString();
    setRange({ startTime, endTime });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('blockedTimes.deleted'));
        setToDelete(null);
      },
      onError: (error) => toast.error(errorMessageOf(error, t('blockedTimes.deleteError'))),
    });
  };

  return (
    <div className="space-y-6">
      <form
        onSubmit={search}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <DateTimeInput
          label={t('blockedTimes.filter.start')}
          value={draft.start}
          onChange={(start) => setDraft({ ...draft, start })}
        />
        <DateTimeInput
          label={t('blockedTimes.filter.end')}
          value={draft.end}
          onChange={(end) => setDraft({ ...draft, end })}
        />
        <Button type="submit" size="lg">
          {t('blockedTimes.filter.search')}
        </Button>
      </form>

      {blocks.isPending && <LoadingState label={t('common.loading')} />}
      {blocks.isError && <Alert tone="error">{t('blockedTimes.loadError')}</Alert>}
      {blocks.isSuccess && blocks.data.length === 0 && <Alert>{t('blockedTimes.empty')}</Alert>}
      {blocks.isSuccess && blocks.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {blocks.data.map((block) => (
            <li key={block.id}>
              <Card className="relative p-5">
                {showPlaceName && (
                  <h2 className="pr-10 text-lg font-semibold text-slate-900">{block.place.name}</h2>
                )}
                {canDelete && (
                  <button
                    type="button"
                    onClick={() => setToDelete({ id: block.id, description: block.description })}
                    aria-label={t('blockedTimes.card.delete', { description: block.description })}
                    className="absolute top-3 right-3 rounded-lg p-2 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
                  >
                    <TrashIcon />
                  </button>
                )}
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-medium text-slate-600">{t('blockedTimes.card.reason')}</dt>
                  <dd className="text-slate-900">{block.description}</dd>
                  <dt className="font-medium text-slate-600">{t('blockedTimes.card.start')}</dt>
                  <dd className="text-slate-900">{formatDateTime(block.startAt, timezone)}</dd>
                  <dt className="font-medium text-slate-600">{t('blockedTimes.card.end')}</dt>
                  <dd className="text-slate-900">{formatDateTime(block.endsAt, timezone)}</dd>
                  <dt className="font-medium text-slate-600">{t('blockedTimes.card.createdAt')}</dt>
                  <dd className="text-slate-900">{formatDateTime(block.createdAt, timezone)}</dd>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        isOpen={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('blockedTimes.deleteConfirm.title')}
        closeLabel={t('common.close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              {t('blockedTimes.deleteConfirm.cancel')}
            </Button>
            <Button variant="danger" onClick={confirmDelete} isLoading={deletion.isPending}>
              {t('blockedTimes.deleteConfirm.confirm')}
            </Button>
          </>
        }
      >
        <p className="text-slate-700">{t('blockedTimes.deleteConfirm.message')}</p>
      </Dialog>
    </div>
  );
}

function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      className="size-5"
      aria-hidden="true"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
