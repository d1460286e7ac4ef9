import {
  noticeListSchema,
  notificationPreferencesSchema,
  type NoticeList,
  type NotificationPreferences,
} from '@clube/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '../lib/portal-api';

export const noticeKeys = {
  notices: ['portal', 'notices'] as const,
  preferences: ['portal', 'notification-preferences'] as const,
};

/** GET /portal/notice: the member's Avisos, newest first, and how many are unread. */
export async function getNotices(signal?: AbortSignal): Promise<NoticeList> {
  return noticeListSchema.parse(await portalApi.get('/portal/notice', { signal }));
}

export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: noticeKeys.notices,
    queryFn: ({ signal }) => getNotices(signal),
    // The nav's count follows what the club sends meanwhile.
    refetchInterval: 60_000,
  });

export const useNotices = () => useQuery(noticesQueryOptions());

/** PATCH /portal/notice/read: every notice read (the member opened Avisos). */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      noticeListSchema.parse(await portalApi.patch('/portal/notice/read', undefined)),
    onSuccess: (list) => queryClient.setQueryData(noticeKeys.notices, list),
  });
}

/** GET /portal/me/notifications: which messages the member wants by e-mail. */
export const useNotificationPreferences = () =>
  useQuery({
    queryKey: noticeKeys.preferences,
    queryFn: async ({ signal }) =>
      notificationPreferencesSchema.parse(
        await portalApi.get('/portal/me/notifications', { signal }),
      ),
  });

/** PUT /portal/me/notifications. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationPreferences) =>
      notificationPreferencesSchema.parse(await portalApi.put('/portal/me/notifications', body)),
    onSuccess: (saved) => queryClient.setQueryData(noticeKeys.preferences, saved),
  });
}
