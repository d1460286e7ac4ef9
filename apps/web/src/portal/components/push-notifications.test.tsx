import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { renderPortal } from '@/testing/render';
import { setPortalSession } from '../lib/session';
import { buildPortalSession } from '../testing/factories';

const publicKey = `B${'A'.repeat(86)}`;
const keys = {
  p256dh: `B${'p'.repeat(86)}`,
  auth: 'a'.repeat(22),
};

/** A browser with Web Push: a registered portal worker whose PushManager subscribes. */
function pushCapableBrowser(permission: NotificationPermission) {
  let current: PushSubscription | null = null;
  const made = {
    endpoint: 'https://push.example/device/1',
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: 'https://push.example/device/1', keys }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  const subscribe = vi.fn(async () => {
    current = made;
    return made;
  });
  const registration = {
    pushManager: { getSubscription: async () => current, subscribe },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, {
      permission: 'default',
      requestPermission: vi.fn(async () => permission),
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration) },
  });
  return { subscribe, made };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const settingsRoutes = (publicKeyOrNull: string | null, devices = 0) => [
  route.get('/portal/me/notifications', { ownBookings: true, reminders: true }),
  route.get('/portal/push', { publicKey: publicKeyOrNull, devices }),
];

describe('Notificações neste aparelho (Conta)', () => {
  it('says plainly when the browser has no notifications, and asks the API nothing', async () => {
    setPortalSession(buildPortalSession());
    const { requests } = mockApi(
      route.get('/portal/me/notifications', { ownBookings: true, reminders: true }),
    );
    renderPortal('/conta');
    expect(
      await screen.findByText(/Este navegador não oferece notificações\. No iPhone, adicione/),
    ).toBeVisible();
    expect(requests.some((request) => request.url.startsWith('/api/portal/push'))).toBe(false);
  });

  it('asks the browser’s permission, subscribes this device and tells the API', async () => {
    const user = userEvent.setup();
    setPortalSession(buildPortalSession());
    const browser = pushCapableBrowser('granted');
    const { requests } = mockApi(
      ...settingsRoutes(publicKey),
      route.put('/portal/push/subscription', { publicKey, devices: 1 }),
      route.delete('/portal/push/subscription', { publicKey, devices: 0 }),
    );
    renderPortal('/conta');

    await user.click(
      await screen.findByRole('button', { name: 'Ativar notificações neste aparelho' }),
    );
    expect(await screen.findByText('Notificações ativadas neste aparelho.')).toBeVisible();
    expect(screen.getByText(/Ativadas neste aparelho\./)).toBeVisible();
    expect(screen.getByText(/Você recebe notificações em 1 aparelho\./)).toBeVisible();
    expect(browser.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ endpoint: 'https://push.example/device/1', keys });

    await user.click(screen.getByRole('button', { name: 'Desativar neste aparelho' }));
    expect(await screen.findByText('Notificações desativadas neste aparelho.')).toBeVisible();
    const removed = requests.find((request) => request.method === 'DELETE');
    expect(removed?.query.get('endpoint')).toBe('https://push.example/device/1');
    expect(browser.made.unsubscribe).toHaveBeenCalled();
  });

  it('explains how to allow them when the browser refuses, and subscribes nothing', async () => {
    const user = userEvent.setup();
    setPortalSession(buildPortalSession());
    const browser = pushCapableBrowser('denied');
    const { requests } = mockApi(...settingsRoutes(publicKey));
    renderPortal('/conta');

    await user.click(
      await screen.findByRole('button', { name: 'Ativar notificações neste aparelho' }),
    );
    expect(
      await screen.findByText(/As notificações estão bloqueadas para este site no navegador/),
    ).toBeVisible();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('asks again kindly when the member closed the browser’s question', async () => {
    const user = userEvent.setup();
    setPortalSession(buildPortalSession());
    pushCapableBrowser('default');
    mockApi(...settingsRoutes(publicKey));
    renderPortal('/conta');
    await user.click(
      await screen.findByRole('button', { name: 'Ativar notificações neste aparelho' }),
    );
    expect(
      await screen.findByText(
        'Você não permitiu as notificações. Toque em Ativar de novo e escolha Permitir.',
      ),
    ).toBeVisible();
  });

  it('says the club has not turned them on when the server has no key', async () => {
    setPortalSession(buildPortalSession());
    pushCapableBrowser('granted');
    mockApi(...settingsRoutes(null));
    renderPortal('/conta');
    expect(await screen.findByText(/O clube ainda não ativou as notificações/)).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Ativar notificações neste aparelho' }),
    ).not.toBeInTheDocument();
  });
});

describe('signing out', () => {
  it('stops this device’s notifications before the session ends', async () => {
    const user = userEvent.setup();
    setPortalSession(buildPortalSession());
    const browser = pushCapableBrowser('granted');
    const { requests } = mockApi(
      ...settingsRoutes(publicKey, 1),
      route.put('/portal/push/subscription', { publicKey, devices: 1 }),
      route.delete('/portal/push/subscription', { publicKey, devices: 0 }),
      route.post('/portal/auth/logout', {}),
    );
    renderPortal('/conta');
    await user.click(
      await screen.findByRole('button', { name: 'Ativar notificações neste aparelho' }),
    );
    await screen.findByText('Notificações ativadas neste aparelho.');

    await user.click(screen.getByRole('button', { name: 'Sair do portal' }));
    await screen.findByRole('button', { name: 'Entrar' });
    const removed = requests.find((request) => request.method === 'DELETE');
    expect(removed?.query.get('endpoint')).toBe('https://push.example/device/1');
    expect(browser.made.unsubscribe).toHaveBeenCalled();
  });
});
