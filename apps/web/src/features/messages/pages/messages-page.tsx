import type { Message } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDateTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { useMessages } from '@/lib/api/get-messages';
import { statusTone, TextWithLinks } from '@/components/message-parts';

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

/**
 * Mensagens: what the club sent to its members, newest first, and what became of each. Without a
 * mail server configured the messages are kept here, so the whole flow can be followed.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const messages = useMessages({ companyId: company.id });

  return (
    <div>
      <PageHeader title={t('messages.title')} description={t('messages.description')} />
      {messages.isPending ? (
        <LoadingState label={t('messages.loading')} />
      ) : messages.isError ? (
        <Alert tone="error">{errorMessageOf(messages.error, t('messages.loadError'))}</Alert>
      ) : messages.data.items.length === 0 ? (
        <Card className="p-6 text-slate-700">{t('messages.empty')}</Card>
      ) : (
        <ul className="space-y-3">
          {messages.data.items.map((message) => (
            <li key={message.id}>
              <Card className="p-4">
                <MessageItem message={message} timezone={company.timezone} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
