import type {
  magicCreate,
  magicUse,
  methods,
  passkeyLogin,
  passkeyLoginOptions,
  passkeyRegister,
  passkeyRegisterOptions,
  providers,
  qrComplete,
  qrConfirm,
  qrInfo,
  qrReject,
  qrUrl,
  unlink,
} from '../../../shared/api/signin.ts';
import type { ProviderType } from '../../../shared/signin.ts';
import { call } from '../../api/call.ts';

const quiet = { authRetry: false } as const;

/** Every sign-in call of issue 15 items 1–4 (server: src/server/modules/signin/routes.ts). */
export const signinCalls = {
  providers: () => call<typeof providers>('GET /auth/providers', {}, { notify: false, cache: true }),
  qrUrl: () => call<typeof qrUrl>('GET /u/qr/url', {}, quiet),
  qrInfo: (code: string) => call<typeof qrInfo>('GET /u/qr/info', { code }, { notify: false }),
  qrConfirm: (code: string) => call<typeof qrConfirm>('POST /u/qr/confirm', { code }),
  qrReject: (code: string) => call<typeof qrReject>('POST /u/qr/reject', { code }),
  qrComplete: (key: string) => call<typeof qrComplete>('POST /u/qr/complete', { key }, quiet),
  magicCreate: (email: string, redirect: string) =>
    call<typeof magicCreate>('POST /magic/create', { email, redirect }, quiet),
  magicUse: (token: string) => call<typeof magicUse>('POST /magic/use', { token }, { ...quiet, notify: false }),
  methods: () => call<typeof methods>('GET /users/settings/signin', {}),
  unlink: (id: number, type: ProviderType | 'passkey') =>
    call<typeof unlink>('POST /users/settings/unlink', { id, type }),
  passkeyRegisterOptions: () => call<typeof passkeyRegisterOptions>('POST /passkeys/register/options', {}),
  passkeyRegister: (key: string, credential: string, name: string) =>
    call<typeof passkeyRegister>('POST /passkeys/register', { key, credential, name }),
  passkeyLoginOptions: () => call<typeof passkeyLoginOptions>('POST /passkeys/login/options', {}, quiet),
  passkeyLogin: (key: string, credential: string) =>
    call<typeof passkeyLogin>('POST /passkeys/login', { key, credential }, quiet),
};
