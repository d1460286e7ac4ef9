import { messageListSchema, type MessageList, type MessageListQuery } from '@clube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type MessagesInput = { companyId: string } & MessageListQuery;

/** GET /backoffice/message/company/{companyId}: the club's latest messages. */
export async function getMessages(
  { companyId, ...query }: MessagesInput,
  signal?: AbortSignal,
): Promise<MessageList> {
  const data = await api.get(`/backoffice/message/company/${encodeURIComponent(companyId)}`, {
    signal,
    query,
  });
  return messageListSchema.parse(data);
}

export const messagesQueryKey = (companyId: string) => [companyId, 'messages'] as const;

export const getMessagesQueryOptions = (input: MessagesInput) =>
  queryOptions({
    queryKey: [...messagesQueryKey(input.companyId), input] as const,
    queryFn: ({ signal }) => getMessages(input, signal),
    // Pending messages change state as the sender works: look again now and then.
    refetchInterval: 15_000,
  });

export function useMessages(input: MessagesInput) {
  return useQuery(getMessagesQueryOptions(input));
}
