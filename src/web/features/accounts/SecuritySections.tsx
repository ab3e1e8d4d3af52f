import { useEffect, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type {
  changeEmail,
  changePassword,
  endOtherSessions,
  SessionItem,
  sessions,
} from '../../../shared/api/accounts.ts';
import { PASSWORD_MAX } from '../../../shared/limits.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { CurrentPasswordField } from './CurrentPasswordField.tsx';
import { deviceName } from './device.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { Limited } from '../../ui/Limited.tsx';

const t = ui.accounts;

/** The current password and a new one (or a first one); the other devices are signed out. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await call<typeof changePassword>(
      'POST /users/settings/password',
      { current: current || undefined, password },
      { notify: false },
    );
    setBusy(false);
    if (!res.ok) return setError(res.rm);
    setError('');
    setCurrent('');
    setPassword('');
    toast.show(res.rm, { type: 'success' });
    // A first password changes what the other forms ask for.
    if (!hasPassword) void revalidator.revalidate();
  }
  return (
    <section className="settings-section" id="password" data-testid="settings-password">
      <h2>{t.sections.password}</h2>
      <form className="password-form" onSubmit={submit} noValidate>
        <CurrentPasswordField hasPassword={hasPassword} name="current" value={current} onChange={setCurrent} />
        <label className="account-field">
          <span className="account-field__label">{t.newPassword}</span>
          <Limited>
            <input
              type="password"
              name="password"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Limited>
        </label>
        <FieldError message={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {hasPassword ? t.changePassword : t.setPassword}
        </button>
      </form>
    </section>
  );
}

/** Active sessions (read by the API: only it knows which one is this browser) and 'sign out on other devices'. */
export function SessionsSection() {
  const [items, setItems] = useState<SessionItem[] | null>(null);
  const load = async () => {
    const res = await call<typeof sessions>('GET /users/settings/sessions', {});
    if (res.ok) setItems(res.data.items);
  };
  useEffect(() => {
    void load();
  }, []);
  async function endOthers() {
    const res = await call<typeof endOtherSessions>('POST /users/settings/sessions/end_others', {});
    if (!res.ok) return;
    toast.show(res.rm, { type: 'success' });
    await load();
  }
  const others = items?.filter((s) => !s.is_current).length ?? 0;
  return (
    <section className="settings-section" id="sessions" data-testid="settings-sessions">
      <h2>{t.sections.sessions}</h2>
      <ul className="sessions-list">
        {(items ?? []).map((s) => (
          <li key={s.id} data-testid="session-item" className={s.is_current ? 'is-current' : ''}>
            <div>
              <strong>{deviceName(s.user_agent)}</strong>
              {s.is_current ? <span className="token-status token-status--active">{t.thisDevice}</span> : null}
            </div>
            <span className="settings-hint">
              {t.lastSeen} {formatDateTime(s.created)} · {s.ip}
            </span>
          </li>
        ))}
      </ul>
      {items && !others ? <p className="settings-hint">{t.noOtherSessions}</p> : null}
      <button
        type="button"
        className="btn btn-secondary"
        onClick={endOthers}
        disabled={!others}
        data-testid="sessions-end-others"
      >
        {t.signOutOthers}
      </button>
    </section>
  );
}

/** Email change: the new address and the password; the change waits for the link sent there. */
export function EmailSection({ current, hasPassword }: { current: string; hasPassword: boolean }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    const res = await call<typeof changeEmail>(
      'POST /users/settings/email',
      { email, password: password || undefined },
      {
        notify: false,
      },
    );
    if (!res.ok) return setError(res.rm);
    setError('');
    setPassword('');
    setSent(res.rm);
  }
  return (
    <section className="settings-section" id="email" data-testid="settings-email">
      <h2>{t.email}</h2>
      <p className="settings-hint">
        {current} · {t.emailHint}
      </p>
      {sent ? (
        <p className="digest-done" role="status">
          {sent}
        </p>
      ) : (
        <form className="password-form" onSubmit={submit} noValidate>
          <label className="account-field">
            <span className="account-field__label">{t.newEmail}</span>
            <input type="email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <CurrentPasswordField hasPassword={hasPassword} value={password} onChange={setPassword} />
          <FieldError message={error} />
          <button type="submit" className="btn btn-primary">
            {t.changeEmail}
          </button>
        </form>
      )}
    </section>
  );
}
