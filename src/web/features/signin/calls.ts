import type { CurrentUser } from '../../../shared/api.ts';
import type { PasskeyOptions, ProviderInfo, QrCode, QrRequest, SigninMethods } from '../../../shared/signin.ts';
import { api } from '../../api/request.ts';

type UserReply = { user: CurrentUser };
const quiet = { authRetry: false } as const;

/** Every sign-in call of issue 15 items 1–4 (server: src/server/modules/signin/routes.ts). */
export const signinCalls = {
  providers: () => api.get<{ providers: ProviderInfo[] }>('auth/providers', {}, { notify: false, cache: true }),
  qrUrl: () => api.get<QrCode>('u/qr/url', {}, quiet),
  qrInfo: (code: string) => api.get<QrRequest>('u/qr/info', { code }, { notify: false }),
  qrConfirm: (code: string) => api.post('u/qr/confirm', { code }),
  qrReject: (code: string) => api.post('u/qr/reject', { code }),
  qrComplete: (key: string) => api.post<UserReply>('u/qr/complete', { key }, quiet),
  magicCreate: (email: string, redirect: string) =>
    api.post<{ redirect_url: string }>('magic/create', { email, redirect }, quiet),
  magicUse: (token: string) =>
    api.post<UserReply & { redirect_url: string }>('magic/use', { token }, { ...quiet, notify: false }),
  methods: () => api.get<SigninMethods>('users/settings/signin'),
  unlink: (id: number, type: string) => api.post<SigninMethods>('users/settings/unlink', { id, type }),
  passkeyRegisterOptions: () => api.post<PasskeyOptions>('passkeys/register/options', {}),
  passkeyRegister: (key: string, credential: string, name: string) =>
    api.post<SigninMethods>('passkeys/register', { key, credential, name }),
  passkeyLoginOptions: () => api.post<PasskeyOptions>('passkeys/login/options', {}, quiet),
  passkeyLogin: (key: string, credential: string) => api.post<UserReply>('passkeys/login', { key, credential }, quiet),
};
