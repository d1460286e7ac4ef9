import { messagePageSize, messageStatusSchema, type Message } from '@clube/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { inputStyles } from '@/components/ui/form-field';
import { Pager } from '@/components/ui/pager';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDateTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { useMailDelivery } from '@/lib/api/get-mail-delivery';
import { useMessages } from '@/lib/api/get-messages';
import { statusTone, TextWithLinks } from '@/components/message-parts';
import { formatCount } from '@/lib/format-count';

/** One message: its subject, recipient and state; its text once opened. */
function MessageItem({ message, timezone }: { message: Message; timezone: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full cursor-pointer flex-col gap-1 text-left focus-visible:outline-2 focus-visible:outline-brand-700 sm:flex-row sm:items-center sm:justify-between"
      >
        <span>
          <span className="block font-semibold text-slate-900">{message.subject}</span>
          <span className="block text-sm text-slate-600">
            {message.recipient === ''
              ? t('messages.toPortal', { name: message.associateName ?? '' })
              : t('messages.to', {
                  name: message.associateName ?? message.recipient,
                  address: message.recipient,
                })}{' '}
            · {formatDateTime(message.createdAt, timezone)}
          </span>
        </span>
        <span
          className={`inline-flex w-fit shrink-0 rounded-full px-3 py-1 text-sm font-medium ${statusTone[message.status]}`}
        >
          {t(`messages.status.${message.status}`)}
        </span>
      </button>
      {isOpen && (
        <>
          {message.lastError && (
            <p className="mt-3 text-sm text-red-800">
              {t('messages.lastError', { attempts: message.attempts, error: message.lastError })}
            </p>
          )}
          <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">
            <TextWithLinks text={message.textBody} />
          </p>
        </>
      )}
    </>
  );
}

const statuses = messageStatusSchema.options;
/** Messages a page shows. */
const pageSize = messagePageSize.default;
/** Typing pauses this long before the search is asked for. */
const searchDebounceMs = 300;

/**
 * Mensagens: what the club sent to its members, newest first, and what became of each, a page at
 * a time with the total, narrowed by state and by a search (kept in the URL). Without a mail
 * server the messages are kept here, and the screen says so: staff hand over the links.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const sendsMail = useMailDelivery().data?.sendsMail;
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const parsedStatus = messageStatusSchema.safeParse(searchParams.get('situacao'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const page = Math.max(1, Number.parseInt(searchParams.get('pagina') ?? '1', 10) || 1);
  const [searchText, setSearchText] = useState(search);

  const updateParams = (changes: Record<string, string | null>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (key === 'pagina' && value === '1')) {
            next.delete(key);
          } else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(
      () => updateParams({ q: searchText.trim() || null, pagina: null }),
      searchDebounceMs,
    );
    return () => clearTimeout(timer);
    // Only typing restarts the wait; updateParams changes identity on every render.
  }, [searchText]);

  const messages = useMessages({
    companyId: company.id,
    page,
    take: pageSize,
    ...(status ? { status } : {}),
    ...(search ? { search } : {}),
  });
  const total = messages.data?.total ?? 0;
  const isFiltered = Boolean(search || status);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);

  return (
    <div className="space-y-4">
      <PageHeader title={t('messages.title')} description={t('messages.description')} />
      {sendsMail === false && <Alert>{t('messages.noMail')}</Alert>}
      <div className="flex flex-wrap gap-2" role="search">
        <input
          type="search"
          aria-label={t('messages.search')}
          placeholder={t('messages.search')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          className={cn(inputStyles(false), 'max-w-md min-w-64 flex-1')}
        />
        <select
          aria-label={t('messages.statusFilter')}
          value={status ?? ''}
          onChange={(event) => updateParams({ situacao: event.target.value, pagina: null })}
          className={cn(inputStyles(false), 'max-w-72 flex-none')}
        >
          <option value="">{t('messages.allStatuses')}</option>
          {statuses.map((option) => (
            <option key={option} value={option}>
              {t(`messages.status.${option}`)}
            </option>
          ))}
        </select>
      </div>
      {messages.isPending ? (
        <LoadingState label={t('messages.loading')} />
      ) : messages.isError ? (
        <Alert tone="error">{errorMessageOf(messages.error, t('messages.loadError'))}</Alert>
      ) : messages.data.items.length === 0 ? (
        <Card className="p-6 text-slate-700">
          {t(isFiltered || page > 1 ? 'messages.noneFound' : 'messages.empty')}
        </Card>
      ) : (
        <ul aria-label={t('messages.listLabel')} className="space-y-3">
          {messages.data.items.map((message) => (
            <li key={message.id}>
              <Card className="p-4">
                <MessageItem message={message} timezone={company.timezone} />
              </Card>
            </li>
          ))}
        </ul>
      )}
      {messages.data && total > 0 && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            {t('messages.showing', {
              count: total,
              from: formatCount(from),
              to: formatCount(to),
              total: formatCount(total),
            })}
          </p>
          <Pager
            total={total}
            page={page}
            pageCount={Math.max(1, Math.ceil(total / pageSize))}
            onPageChange={(next) => {
              updateParams({ pagina: String(next) });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      )}
    </div>
  );
}
