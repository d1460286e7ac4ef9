import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { LoadingState } from '@/components/ui/spinner';
import { useMe } from '../api/me';
import { useWaitlists } from '../api/waitlists';
import { LoadFailure } from '../components/query-state';
import { WaitlistEntryCard } from '../components/waitlist-entry-card';
import { useSignedInSession } from '../lib/session';

/** Lista de espera: the member's lines, offers first, each with its answers. */
export function WaitlistsPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const me = useMe();
  const waitlists = useWaitlists();
  const [done, setDone] = useState<string | null>(null);
  if (waitlists.isPending || me.isPending) return <LoadingState label={t('portal.loading')} />;
  if (waitlists.isError) return <LoadFailure onRetry={() => void waitlists.refetch()} />;
  if (me.isError) return <LoadFailure onRetry={() => void me.refetch()} />;
  const items = [...waitlists.data.items].sort(
    (a, b) => Number(b.status === 'OFFERED') - Number(a.status === 'OFFERED'),
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {t('portal.waitlist.title')}
        </h1>
        <p className="mt-1 text-slate-600">{t('portal.waitlist.intro')}</p>
      </div>
      {done && <Alert>{done}</Alert>}
      {items.length === 0 ? (
        <p className="text-slate-600">{t('portal.waitlist.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((entry) => (
            <li key={entry.id}>
              <WaitlistEntryCard
                entry={entry}
                timezone={session.club.timezone}
                memberId={me.data.member.id}
                onDone={setDone}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
