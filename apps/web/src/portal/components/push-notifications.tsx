import type { PushSettings } from '@clube/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/errors';
import {
  getPushSettings,
  pushKeys,
  removePushSubscription,
  savePushSubscription,
} from '../api/push';
import {
  currentPushSubscription,
  pushSupported,
  PushSetupError,
  subscribeThisDevice,
  subscriptionBody,
} from '../lib/push-device';
import { LoadFailure } from './query-state';

type Notice = { tone: 'info' | 'error'; text: string };

function PushSwitch({ settings }: { settings: PushSettings & { publicKey: string } }) {
  const { t } = useTranslation();
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>();
  const [devices, setDevices] = useState(settings.devices);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(() =>
    typeof Notification !== 'undefined' && Notification.permission === 'denied'
      ? { tone: 'error', text: t('portal.account.push.denied') }
      : null,
  );

  // What this device already has; the server is told again (it may have dropped a gone device).
  useEffect(() => {
    let active = true;
    void currentPushSubscription()
      .catch(() => null)
      .then(async (found) => {
        if (!active) return;
        setSubscription(found);
        if (found) {
          const saved = await savePushSubscription(subscriptionBody(found)).catch(() => null);
          if (active && saved) setDevices(saved.devices);
        }
      });
    return () => {
      active = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const made = await subscribeThisDevice(settings.publicKey);
      const saved = await savePushSubscription(subscriptionBody(made));
      setSubscription(made);
      setDevices(saved.devices);
      setNotice({ tone: 'info', text: t('portal.account.push.turnedOn') });
    } catch (error) {
      setNotice({
        tone: 'error',
        text:
          error instanceof PushSetupError
            ? t(`portal.account.push.${error.reason}`)
            : errorMessageOf(error, t('portal.account.push.failed')),
      });
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    if (!subscription) return;
    setBusy(true);
    setNotice(null);
    try {
      const saved = await removePushSubscription(subscription.endpoint);
      await subscription.unsubscribe().catch(() => false);
      setSubscription(null);
      setDevices(saved.devices);
      setNotice({ tone: 'info', text: t('portal.account.push.turnedOff') });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessageOf(error, t('portal.account.push.offFailed')) });
    } finally {
      setBusy(false);
    }
  };

  if (subscription === undefined) return <LoadingState label={t('portal.loading')} />;
  return (
    <div className="mt-4 space-y-3">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <p className="text-sm text-slate-700">
        {subscription ? t('portal.account.push.on') : t('portal.account.push.off')}{' '}
        {devices > 0 && t('portal.account.push.devices', { count: devices })}
      </p>
      {subscription ? (
        <Button
          variant="secondary"
          className="w-full"
          isLoading={busy}
          onClick={() => void turnOff()}
        >
          {t('portal.account.push.turnOff')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          className="w-full"
          isLoading={busy}
          onClick={() => void turnOn()}
        >
          {t('portal.account.push.turnOn')}
        </Button>
      )}
    </div>
  );
}

/**
 * Conta: "Notificações neste aparelho" — the club's messages as notifications on this phone,
 * with the browser's permission; the same choices as the e-mails apply.
 */
export function PushNotifications() {
  const { t } = useTranslation();
  const supported = pushSupported();
  const settings = useQuery({
    queryKey: pushKeys.settings,
    queryFn: ({ signal }) => getPushSettings(signal),
    enabled: supported,
  });
  let body;
  if (!supported) body = <Alert tone="info">{t('portal.account.push.unsupported')}</Alert>;
  else if (settings.isPending) body = <LoadingState label={t('portal.loading')} />;
  else if (settings.isError) body = <LoadFailure onRetry={() => void settings.refetch()} />;
  else if (!settings.data.publicKey)
    body = <Alert tone="info">{t('portal.account.push.serverOff')}</Alert>;
  else body = <PushSwitch settings={{ ...settings.data, publicKey: settings.data.publicKey }} />;
  return (
    <section aria-labelledby="push-notifications">
      <h2 id="push-notifications" className="text-lg font-semibold text-slate-900">
        {t('portal.account.push.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('portal.account.push.help')}</p>
      <div className="mt-4">{body}</div>
    </section>
  );
}
