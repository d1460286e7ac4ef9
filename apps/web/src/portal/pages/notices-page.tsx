import type { Notice } from '@clube/shared';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { useMarkNoticesRead, useNotices } from '../api/notices';
import { LoadFailure } from '../components/query-state';
import { useSignedInSession } from '../lib/session';

/** The notice's text with its addresses as links (back into the portal). */
function NoticeText({ text }: { text: string }) {
  return (
    <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">
      {text.split(/(https?:\/\/\S+)/g).map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function NoticeItem({
  notice,
  isNew,
  timezone,
}: {
  notice: Notice;
  isNew: boolean;
  timezone: string;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Card className="p-4">
      <button
        type="button"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full cursor-pointer items-start justify-between gap-3 text-left focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{notice.subject}</span>
          <span className="block text-sm text-slate-600">
            {formatDateTime(notice.createdAt, timezone)}
          </span>
        </span>
        {isNew && (
          <span className="shrink-0 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
            {t('portal.notices.new')}
          </span>
        )}
      </button>
      {isOpen && <NoticeText text={notice.textBody} />}
    </Card>
  );
}

/**
 * Avisos: what the club told the member (confirmations, reminders, cancellations, suspensions),
 * newest first, whether or not it also went by e-mail. Opening the page reads them all; the ones
 * new at the opening stay marked until the member leaves.
 */
export function NoticesPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const [newIds, setNewIds] = useState<ReadonlySet<string> | null>(null);
  const { data } = notices;
  const { mutate } = markRead;

  useEffect(() => {
    if (!data || newIds !== null) return;
    setNewIds(new Set(data.items.filter((item) => !item.read).map((item) => item.id)));
    if (data.unread > 0) mutate();
  }, [data, newIds, mutate]);

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('portal.notices.title')}
      </h1>
      <p className="mt-1 text-slate-700">{t('portal.notices.subtitle')}</p>
      <div className="mt-6">
        {notices.isPending ? (
          <LoadingState label={t('portal.notices.loading')} />
        ) : notices.isError ? (
          <LoadFailure onRetry={() => void notices.refetch()} />
        ) : notices.data.items.length === 0 ? (
          <Card className="p-6 text-slate-700">{t('portal.notices.empty')}</Card>
        ) : (
          <ul className="space-y-3">
            {notices.data.items.map((notice) => (
              <li key={notice.id}>
                <NoticeItem
                  notice={notice}
                  isNew={newIds?.has(notice.id) ?? !notice.read}
                  timezone={session.club.timezone}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
