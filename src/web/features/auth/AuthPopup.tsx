import './auth.css';
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../shared/api.ts';
import { NAME_MAX, PASSWORD_MAX, EMAIL_MAX } from '../../../shared/limits.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { authCalls, setCurrentUser } from './session.ts';
import { ui } from '../../../shared/catalogue.ts';
import { MagicPanel, QrPanel, SigninButtons, type AltView } from '../signin/AuthAlternatives.tsx';
import { Honeypot } from '../captcha/Honeypot.tsx';
import { termsUi as terms } from '../../../shared/catalogue/pages.ts';
import { TermsLink } from '../pages/TermsLink.tsx';
import { Limited } from '../../ui/Limited.tsx';

export type AuthMode = 'login' | 'register' | 'recover' | 'reset';

interface Props {
  initialMode: AuthMode;
  token?: string;
  email?: string;
  onSignedIn(user: CurrentUser): void;
}

const TITLES: Record<AuthMode, string> = {
  login: ui.auth.loginTitle,
  register: ui.auth.registerTitle,
  recover: ui.auth.recoverTitle,
  reset: ui.auth.resetTitle,
};

function AuthForm({ initialMode, token, email, onSignedIn }: Props) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // Another way in (features/signin): the QR code or the mailed link takes the popup's place.
  const [alt, setAlt] = useState<AltView | null>(null);

  const switchTo = (next: AuthMode) => {
    setErrors({});
    setSent(false);
    setMode(next);
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    setBusy(true);
    const result =
      mode === 'login'
        ? await authCalls.login(values)
        : mode === 'register'
          ? await authCalls.register(values)
          : mode === 'recover'
            ? await authCalls.recoverRequest(values)
            : await authCalls.recoverDo({ ...values, token: token ?? '' });
    setBusy(false);
    if (!result.ok) {
      setErrors((result.data as { errors?: Record<string, string> })?.errors ?? {});
      return;
    }
    setErrors({});
    if (mode === 'recover') {
      setSent(true);
      toast.show(result.rm, { type: 'success' });
      return;
    }
    const user = (result.data as { user: CurrentUser }).user;
    if (mode === 'reset') toast.show(result.rm, { type: 'success' });
    onSignedIn(user);
  }

  const field = (name: string, label: string, type: string, extra: Record<string, unknown> = {}) => (
    <label className="auth-field">
      <span>{label}</span>
      {extra.maxLength ? (
        <Limited>
          <input name={name} type={type} aria-invalid={errors[name] ? true : undefined} {...extra} />
        </Limited>
      ) : (
        <input name={name} type={type} aria-invalid={errors[name] ? true : undefined} {...extra} />
      )}
      {errors[name] && (
        <em className="auth-error" data-testid={`error-${name}`}>
          {errors[name]}
        </em>
      )}
    </label>
  );

  if (alt)
    return (
      <div className="auth" data-testid="auth-popup" data-mode={alt}>
        <h2 className="auth-title" id="auth-title">
          {alt === 'qr' ? ui.signin.qrTitle : ui.signin.magicTitle}
        </h2>
        {alt === 'qr' ? (
          <QrPanel onSignedIn={onSignedIn} onBack={() => setAlt(null)} />
        ) : (
          <MagicPanel onBack={() => setAlt(null)} />
        )}
      </div>
    );

  return (
    <div className="auth" data-testid="auth-popup" data-mode={mode}>
      <div className="auth-brand" aria-hidden>
        <span className="logo-mark">С</span>
      </div>
      <h2 className="auth-title" id="auth-title">
        {TITLES[mode]}
      </h2>
      {mode === 'reset' && email && <p className="auth-hint">{ui.auth.resetFor(email)}</p>}
      {sent ? (
        <p className="auth-hint" data-testid="recover-sent">
          {ui.auth.recoverSent}
        </p>
      ) : (
        <form onSubmit={submit} noValidate key={mode}>
          {mode === 'register' &&
            field('name', ui.auth.name, 'text', { autoComplete: 'name', maxLength: NAME_MAX, autoFocus: true })}
          {mode === 'register' && <Honeypot />}
          {mode !== 'reset' &&
            field('email', ui.auth.email, 'email', {
              autoComplete: 'email',
              maxLength: EMAIL_MAX,
              autoFocus: mode !== 'register',
            })}
          {mode !== 'recover' &&
            field('password', mode === 'reset' ? ui.auth.newPassword : ui.auth.password, 'password', {
              autoComplete: mode === 'login' ? 'current-password' : 'new-password',
              maxLength: PASSWORD_MAX,
              autoFocus: mode === 'reset',
            })}
          {mode === 'register' && (
            <p className="auth-hint auth-terms" data-testid="register-terms">
              {terms.registerLead} <TermsLink to="/terms">{terms.rules}</TermsLink> {terms.and}{' '}
              <TermsLink to="/agreement">{terms.agreement}</TermsLink>
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-wide" disabled={busy} data-testid="auth-submit">
            {mode === 'login'
              ? ui.auth.loginButton
              : mode === 'register'
                ? ui.auth.registerButton
                : mode === 'recover'
                  ? ui.auth.recoverButton
                  : ui.auth.resetButton}
          </button>
        </form>
      )}
      {mode === 'login' && !sent && <SigninButtons onSignedIn={onSignedIn} onShow={setAlt} />}
      <div className="auth-switch">
        {mode === 'login' && (
          <>
            <button type="button" className="link" onClick={() => switchTo('recover')}>
              {ui.auth.forgot}
            </button>
            <span>
              {ui.auth.noAccount}{' '}
              <button type="button" className="link" onClick={() => switchTo('register')} data-testid="to-register">
                {ui.auth.registerLink}
              </button>
            </span>
          </>
        )}
        {mode !== 'login' && (
          <span>
            {ui.auth.haveAccount}{' '}
            <button type="button" className="link" onClick={() => switchTo('login')} data-testid="to-login">
              {ui.auth.loginLink}
            </button>
          </span>
        )}
      </div>
    </div>
  );
}

let pending: ((signedIn: boolean) => void) | null = null;

/** Opens the auth popup; resolves true once the visitor is signed in, false when they close it. */
export function openAuthPopup(
  mode: AuthMode = 'login',
  extra: { token?: string; email?: string } = {},
): Promise<boolean> {
  pending?.(false);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (v: boolean) => {
      if (settled) return;
      settled = true;
      if (pending === settle) pending = null;
      resolve(v);
    };
    pending = settle;
    popup.open({
      kind: 'auth',
      size: 'small',
      labelledBy: 'auth-title',
      render: ({ close }) => (
        <AuthForm
          initialMode={mode}
          token={extra.token}
          email={extra.email}
          onSignedIn={(user) => {
            setCurrentUser(user);
            settle(true);
            close();
          }}
        />
      ),
      onClose: () => settle(false),
    });
  });
}
