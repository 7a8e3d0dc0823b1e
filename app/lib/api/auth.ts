/** Signing in and out: guest accounts, passwords, and QR codes approved from a signed-in phone. */
import type { messageSchema } from '../../../core/schemas/envelopes.ts';
import type { qrCodeSchema, qrSessionSchema, qrStateSchema } from '../../../core/schemas/qr.ts';
import type { authResponseSchema } from '../../../core/schemas/users.ts';
import type { Http } from './client.ts';

export function authApi(http: Http) {
  return {
    guestLogin: () => http.json<typeof authResponseSchema>('POST', '/api/guest-login', {}),
    login: (username: string, password: string) => http.json<typeof authResponseSchema>('POST', '/api/login', { username, password }),
    logout: () => http.empty('POST', '/api/logout'),
    createQr: () => http.json<typeof qrCodeSchema>('POST', '/api/create-qr'),
    qrState: (qrToken: string) => http.json<typeof qrStateSchema>('POST', '/api/qr-state', { qr_token: qrToken }),
    approveQr: (qrToken: string) => http.json<typeof messageSchema>('POST', '/api/qr-token', { qr_token: qrToken }),
    checkQrSession: (qrToken: string) => http.json<typeof qrSessionSchema>('POST', '/api/check-session', { qr_token: qrToken }),
  };
}
