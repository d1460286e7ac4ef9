import type { NotificationPreferences } from '@clube/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notices';
import { errorMessageOf } from '@/lib/errors';
import { LoadFailure } from './query-state';

function PreferencesForm({ stored }: { stored: NotificationPreferences }) {
  const { t } = useTranslation();
  const save = useSaveNotificationPreferences();
  const [values, setValues] = useState(stored);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(values, {
      onSuccess: () => setNotice({ tone: 'info', text: t('portal.account.emailsSaved') }),
      onError: (error) =>
        setNotice({
          tone: 'error',
          text: errorMessageOf(error, t('portal.account.emailsFailed')),
        }),
    });
  };

  const checkbox = (name: keyof NotificationPreferences, label: string) => (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-slate-800">
      <input
        type="checkbox"
        name={name}
        checked={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.checked }))}
        className="size-5 accent-brand-700"
      />
      {label}
    </label>
  );

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-2">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {checkbox('ownBookings', t('portal.account.ownBookings'))}
      {checkbox('reminders', t('portal.account.reminders'))}
      <p className="text-sm text-slate-600">{t('portal.account.alwaysSent')}</p>
      <Button type="submit" variant="secondary" className="mt-2 w-full" isLoading={save.isPending}>
        {save.isPending ? t('portal.account.emailsSaving') : t('portal.account.emailsSave')}
      </Button>
    </form>
  );
}

/** Conta: which messages the member wants by e-mail (everything stays in Avisos). */
export function EmailPreferences() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  return (
    <section aria-labelledby="email-preferences">
      <h2 id="email-preferences" className="text-lg font-semibold text-slate-900">
        {t('portal.account.emailsTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('portal.account.emailsHelp')}</p>
      {preferences.isPending ? (
        <LoadingState label={t('portal.loading')} />
      ) : preferences.isError ? (
        <div className="mt-4">
          <LoadFailure onRetry={() => void preferences.refetch()} />
        </div>
      ) : (
        <PreferencesForm stored={preferences.data} />
      )}
    </section>
  );
}
