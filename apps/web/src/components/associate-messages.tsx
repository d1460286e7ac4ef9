import type { Message } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useMessages } from '@/lib/api/get-messages';
import { statusTone, TextWithLinks } from './message-parts';

/** What became of the message's notifications on the member's devices (nothing when none). */
function PushOutcome({ pushes }: { pushes: Message['pushes'] }) {
  const { t } = useTranslation();
  if (!pushes) return null;
  const parts = [
    pushes.sent > 0 && t('messages.ofAssociate.pushSent', { count: pushes.sent }),
    pushes.pending > 0 && t('messages.ofAssociate.pushPending', { count: pushes.pending }),
    pushes.failed > 0 && t('messages.ofAssociate.pushFailed', { count: pushes.failed }),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join(' · ');
  return <p className="text-sm text-slate-600">{text.charAt(0).toUpperCase() + text.slice(1)}.</p>;
}

function MessageRow({ message, timezone }: { message: Message; timezone: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <li className="py-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{message.subject}</p>
          <p className="text-sm break-words text-slate-600">
            {formatDateTime(message.createdAt, timezone)} ·{' '}
            {message.recipient === ''
              ? t('messages.ofAssociate.toPortal')
              : t('messages.ofAssociate.to', { address: message.recipient })}
          </p>
          {message.sentAt && message.status === 'sent' && (
            <p className="text-sm text-slate-600">
              {t('messages.ofAssociate.sentAt', {
                when: formatDateTime(message.sentAt, timezone),
              })}
            </p>
          )}
          <PushOutcome pushes={message.pushes} />
          {message.lastError && (
            <p className="text-sm break-words text-red-800">
              {t('messages.ofAssociate.error', { error: message.lastError })}
            </p>
          )}
        </div>
        <span
          className={`inline-flex w-fit shrink-0 rounded-full px-3 py-1 text-sm font-medium ${statusTone[message.status]}`}
        >
          {t(`messages.status.${message.status}`)}
        </span>
      </div>
      <button
        type="button"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        className="mt-1 cursor-pointer text-sm font-medium text-brand-700 underline"
      >
        {isOpen ? t('messages.ofAssociate.hideText') : t('messages.ofAssociate.showText')}
      </button>
      {isOpen && (
        <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">
          <TextWithLinks text={message.textBody} />
        </p>
      )}
    </li>
  );
}

function MessageList({
  companyId,
  associateId,
  timezone,
}: {
  companyId: string;
  associateId: string;
  timezone: string;
}) {
  const { t } = useTranslation();
  const messages = useMessages({ companyId, associateId });
  if (messages.isPending) return <LoadingState label={t('messages.loading')} />;
  if (messages.isError) {
    return <Alert tone="error">{errorMessageOf(messages.error, t('messages.loadError'))}</Alert>;
  }
  if (messages.data.items.length === 0) {
    return <p className="text-slate-700">{t('messages.ofAssociate.empty')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100">
      {messages.data.items.map((message) => (
        <MessageRow key={message.id} message={message} timezone={timezone} />
      ))}
    </ul>
  );
}

/**
 * An associate's page: what the club sent to this member and whether it was delivered (state,
 * when, the error of a failure). Shown to the roles that may read the club's messages.
 */
export function AssociateMessages({
  companyId,
  associateId,
  timezone,
}: {
  companyId: string;
  associateId: string;
  timezone: string;
}) {
  const { t } = useTranslation();
  const canRead = useCan('messages.read');
  if (!canRead) return null;
  return (
    <section className="mt-8" aria-labelledby="associate-messages-title">
      <h2 id="associate-messages-title" className="text-lg font-semibold text-slate-900">
        {t('messages.ofAssociate.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('messages.ofAssociate.description')}</p>
      <Card className="px-4 sm:px-6">
        <MessageList companyId={companyId} associateId={associateId} timezone={timezone} />
      </Card>
    </section>
  );
}
