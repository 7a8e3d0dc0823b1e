/** The signed-in user's account: profile, avatar, nickname, language, theme, rank and notification settings. */
import type { Theme } from '../../../core/limits.ts';
import type {
  avatarListSchema,
  nicknameSuggestionsSchema,
  notificationSettingsResponseSchema,
  rankLadderSchema,
  userResponseSchema,
  userUpdateResponseSchema,
} from '../../../core/schemas/users.ts';
import type { Http } from './client.ts';

/** PUT /api/users/{id}: any of these fields. */
export interface AccountUpdate {
  avatar_id?: number;
  nickname_id?: number;
  nickname?: string;
  locale?: string;
  theme?: Theme;
  /** Appear in the monthly top supporters (decision 024). */
  show_in_top_supporters?: boolean;
}

export function usersApi(http: Http) {
  const updateAccount = (id: number, payload: AccountUpdate) =>
    http.json<typeof userUpdateResponseSchema>('PUT', `/api/users/${id}`, payload);
  return {
    currentUser: () => http.json<typeof userResponseSchema>('GET', '/api/get/data/user'),
    updateAccount,
    /** The language and theme menus' name for the same call. */
    updateUser: updateAccount,
    avatars: () => http.json<typeof avatarListSchema>('GET', '/api/get-avatars'),
    nicknameSuggestions: () => http.json<typeof nicknameSuggestionsSchema>('GET', '/api/nicknames'),
    rankLadder: () => http.json<typeof rankLadderSchema>('GET', '/api/get/user/rank'),
    toggleNotification: (kind: 'support' | 'advice' | 'message') =>
      http.json<typeof notificationSettingsResponseSchema>('POST', `/api/disable-${kind}-notification`),
    deactivate: (password?: string) => http.empty('POST', '/api/deactivate', password ? { password } : {}),
    /** Sets the first password (no current one) or changes it; every other session of the account ends. */
    changePassword: (input: { current_password?: string; password: string; password_confirmation: string }) =>
      http.empty('PUT', '/api/user/password', input),
    /** An empty email removes it. */
    updateProfileInformation: (input: { email?: string | null; username?: string }) =>
      http.json<typeof userResponseSchema>('PUT', '/api/user/profile-information', input),
  };
}
