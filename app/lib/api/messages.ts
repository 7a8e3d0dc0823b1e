/** Private messages: conversations, their messages, message requests, unread counts and messaging settings. */
import type {
  conversationPageSchema,
  conversationResponseSchema,
  messagePageSchema,
  messageResponseSchema,
  messageSettingsResponseSchema,
  unreadSchema,
} from '../../../core/schemas/messages.ts';
import type { MessageSettings } from '../../../core/types.ts';
import type { Http } from './client.ts';

export function messagesApi(http: Http) {
  return {
    conversations: (page = 1) => http.json<typeof conversationPageSchema>('GET', `/api/conversations?page=${page}`),
    messageRequests: (page = 1) => http.json<typeof conversationPageSchema>('GET', `/api/message-requests?page=${page}`),
    conversation: (id: number) => http.json<typeof conversationResponseSchema>('GET', `/api/conversations/${id}`),
    /** Gets or opens the conversation with a person; nothing reaches them until a message is written. */
    startConversation: (userId: number) => http.json<typeof conversationResponseSchema>('POST', '/api/conversations', { user_id: userId }),
    /** Newest first. `anchor` (the newest id already held) keeps later pages still while messages arrive. */
    conversationMessages: (conversationId: number, page = 1, anchor?: number) =>
      http.json<typeof messagePageSchema>(
        'GET',
        `/api/conversation-messages?conversation_id=${conversationId}&page=${page}${anchor ? `&anchor=${anchor}` : ''}`,
      ),
    sendMessage: (conversationId: number, content: string) =>
      http.json<typeof messageResponseSchema>('POST', '/api/messages', { conversation_id: conversationId, content }),
    markConversationRead: (id: number) => http.json<typeof unreadSchema>('POST', `/api/conversations/${id}/read`),
    acceptRequest: (id: number) => http.json<typeof conversationResponseSchema>('POST', `/api/message-requests/${id}/accept`),
    declineRequest: (id: number) => http.json<typeof unreadSchema>('POST', `/api/message-requests/${id}/decline`),
    unreadMessages: () => http.json<typeof unreadSchema>('GET', '/api/unread-messages'),
    messageSettings: () => http.json<typeof messageSettingsResponseSchema>('GET', '/api/message-settings'),
    updateMessageSettings: (change: Partial<MessageSettings>) =>
      http.json<typeof messageSettingsResponseSchema>('PUT', '/api/message-settings', change),
  };
}
