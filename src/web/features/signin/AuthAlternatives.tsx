import { useEffect, useRef, useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { CurrentUser } from '../../../shared/api.ts';
import { ui } from '../../../shared/catalogue.ts';
import { EMAIL_MAX } from '../../../shared/limits.ts';
import type { ProviderInfo, QrCode } from '../../../shared/api/signin.ts';
import type { QrEvent } from '../../../shared/signin.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { authCalls } from '../auth/session.ts';
import { realtime } from '../realtime/useChannel.ts';
import { signinCalls } from './calls.ts';
import { openProviderWindow } from './oauthWindow.ts';
import { QrSvg } from './QrSvg.tsx';
import './signin.css';
import { Limited } from '../../ui/Limited.tsx';

export type AltView = 'qr' | 'magic';

interface SignedInProps {
  onSignedIn(user: CurrentUser): void;
}

/** After a provider's window said yes, the cookie is set: the current user object comes from /auth/check. */
async function signedInUser(): Promise<CurrentUser | null> {
  const check = await authCalls.check();
  return check.ok ? (check.data.user ?? null) : null;
}

/** Under the password form: the offered providers, a passkey, a mailed link, a QR code. */
export function SigninButtons({ onSignedIn, onShow }: SignedInProps & { onShow(view: AltView): void }) {
  const [providers, setProviders] = useState<ProviderInfo[]>([]);
  const [busy, setBusy] = useState(false);
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => {
    setPasskeys(browserSupportsWebAuthn());
    void signinCalls.providers().then((r) => r.ok && setProviders(r.data.providers));
  }, []);

  async function withProvider(p: ProviderInfo) {
    setBusy(true);
    const result = await openProviderWindow(p.url);
    setBusy(false);
    if (!result.success) {
      if (result.error) toast.show(result.error);
      return;
    }
    const user = await signedInUser();
    if (user) onSignedIn(user);
  }

  async function withPasskey() {
    setBusy(true);
    try {
      const options = await signinCalls.passkeyLoginOptions();
      if (!options.ok) return;
      let credential;
      try {
        credential = await startAuthentication({ optionsJSON: options.data.options as never });
      } catch {
        return; // The visitor closed the browser's dialog.
      }
      const result = await signinCalls.passkeyLogin(options.data.key, JSON.stringify(credential));
      if (result.ok && result.data.user) onSignedIn(result.data.user);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="signin-alt" data-testid="signin-alt">
      <div className="signin-or">
        <span>{ui.signin.orWith}</span>
      </div>
      {providers.length > 0 && (
        <div className="signin-providers">
          {providers.map((p) => (
            <button
              key={p.type}
              type="button"
              className={`btn btn-secondary signin-provider`}
              disabled={busy}
              onClick={() => withProvider(p)}
              data-testid={`provider-${p.type}`}
              title={ui.signin.providerButton(p.name)}
            >
              <span className="signin-provider-mark" aria-hidden>
                {p.name.slice(0, 1)}
              </span>
              {p.name}
            </button>
          ))}
        </div>
      )}
      <div className="signin-ways">
        {passkeys && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={withPasskey}
            data-testid="passkey-login"
          >
            {ui.signin.passkeyButton}
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={() => onShow('magic')} data-testid="magic-open">
          {ui.signin.magicButton}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onShow('qr')} data-testid="qr-open">
          {ui.signin.qrShow}
        </button>
      </div>
    </div>
  );
}

/**
 * The QR code: the phone opens its URL and confirms; this browser hears it on its private channel and trades its
 * key for a session. An expired code offers a fresh one.
 */
export function QrPanel({ onSignedIn, onBack }: SignedInProps & { onBack(): void }) {
  const [code, setCode] = useState<QrCode | null>(null);
  const [expired, setExpired] = useState(false);
  const latest = useRef(onSignedIn);
  latest.current = onSignedIn;

  const load = async () => {
    setExpired(false);
    setCode(null);
    const r = await signinCalls.qrUrl();
    if (r.ok) setCode(r.data);
  };
  useEffect(() => {
    void load();
  }, []);

  useEffect(() => {
    if (!code) return;
    const rt = realtime();
    rt.authorize({ channel: code.channel, time: code.time, hash: code.hash });
    const off = rt.channel(code.channel).on(async (data) => {
      if ((data as QrEvent).type !== 'qr_confirmed') return;
      const r = await signinCalls.qrComplete(code.key);
      if (r.ok) latest.current(r.data.user);
    });
    const ms = code.expires_at * 1000 - Date.now();
    const timer = setTimeout(() => setExpired(true), Math.max(0, ms));
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [code]);

  return (
    <div className="signin-qr" data-testid="qr-panel" data-state={expired ? 'expired' : code ? 'ready' : 'loading'}>
      <p className="auth-hint">{ui.signin.qrHint}</p>
      <div className="signin-qr-box">
        {code && <QrSvg text={code.url} size={208} label={ui.signin.qrTitle} />}
        {(expired || !code) && (
          <div className="signin-qr-cover">
            {expired ? (
              <>
                <span>{ui.signin.qrExpired}</span>
                <button type="button" className="btn btn-primary" onClick={load} data-testid="qr-refresh">
                  {ui.signin.qrRefresh}
                </button>
              </>
            ) : (
              <span aria-busy="true">…</span>
            )}
          </div>
        )}
      </div>
      <button type="button" className="link" onClick={onBack} data-testid="alt-back">
        {ui.signin.qrBack}
      </button>
    </div>
  );
}

/** 'Войти по ссылке из письма': the address, then 'check your mail'. */
export function MagicPanel({ onBack }: { onBack(): void }) {
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '');
    setBusy(true);
    const r = await signinCalls.magicCreate(email, location.pathname + location.search);
    setBusy(false);
    if (!r.ok) {
      setError((r.data as { errors?: Record<string, string> })?.errors?.email ?? r.rm);
      return;
    }
    setSent(true);
  }
  return (
    <div className="signin-magic" data-testid="magic-panel">
      {sent ? (
        <p className="auth-hint" data-testid="magic-sent">
          {ui.signin.magicSent}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="auth-hint">{ui.signin.magicHint}</p>
          <label className="auth-field">
            <span>{ui.auth.email}</span>
            <Limited>
              <input
                name="email"
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                autoFocus
                aria-invalid={error ? true : undefined}
              />
            </Limited>
            {error && <em className="auth-error">{error}</em>}
          </label>
          <button type="submit" className="btn btn-primary btn-wide" disabled={busy} data-testid="magic-send">
            {ui.signin.magicSend}
          </button>
        </form>
      )}
      <div className="auth-switch">
        <button type="button" className="link" onClick={onBack} data-testid="alt-back">
          {ui.signin.qrBack}
        </button>
      </div>
    </div>
  );
}
