import type { AssistantReply } from '@domain/assistant';
import { useMutation } from '@tanstack/react-query';
import { unwrap, type Api } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** POST /api/assistant/messages: the stylist's reply, the filters it read and up to 3 items. */
export function sendAssistantMessage(api: Api, message: string): Promise<AssistantReply> {
  return unwrap(api.POST('/api/assistant/messages', { body: { message } }));
}

/** Asks the style assistant. Answers are not cached: each message is its own question. */
export function useSendAssistantMessage() {
  return useMutation({
    mutationKey: ['assistant', 'messages'],
    mutationFn: (message: string, { client }) => sendAssistantMessage(apiOf(client), message),
  });
}
