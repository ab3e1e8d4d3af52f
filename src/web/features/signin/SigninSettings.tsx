import { useEffect, useState } from 'react';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { messages, ui } from '../../../shared/catalogue.ts';
import { formatDate } from '../../../shared/format.ts';
import type { SigninMethods } from '../../../shared/api/signin.ts';
import { PASSKEY_NAME_MAX, type ProviderType } from '../../../shared/signin.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { signinCalls } from './calls.ts';
import { openProviderWindow } from './oauthWindow.ts';
import './signin.css';
import { Limited } from '../../ui/Limited.tsx';

const date = (s: number) => formatDate(new Date(s * 1000));

/** Loads the sign-in methods once for both sections (settings page): `useSigninMethods()` then the two sections. */
export function useSigninMethods() {
  const [methods, setMethods] = useState<SigninMethods | null>(null);
  const reload = async () => {
    const r = await signinCalls.methods();
    if (r.ok) setMethods(r.data);
  };
  useEffect(() => {
    void reload();
  }, []);
  return { methods, setMethods, reload };
}

interface SectionProps {
  methods: SigninMethods | null;
  onChange(next: SigninMethods): void;
  reload(): Promise<void>;
}

async function unlink(id: number, type: ProviderType | 'passkey', label: string, onChange: (m: SigninMethods) => void) {
  if (!window.confirm(label)) return;
  const r = await signinCalls.unlink(id, type);
  if (r.ok) {
    toast.show(r.rm, { type: 'success' });
    onChange(r.data);
  }
}

/** Linked providers with 'Отвязать', and a 'Привязать' button for each offered provider not linked yet. */
export function LinkedProviders({ methods, onChange, reload }: SectionProps) {
  if (!methods) return <section className="signin-section" aria-busy="true" />;
  const linked = new Set(methods.identities.map((i) => i.type));
  const free = methods.providers.filter((p) => !linked.has(p.type));
  async function link(url: string) {
    const result = await openProviderWindow(url);
    if (result.success) toast.show(messages.oauthLinked, { type: 'success' });
    else if (result.error) toast.show(result.error);
    await reload();
  }
  return (
    <section className="signin-section" data-testid="linked-providers" aria-labelledby="signin-providers-title">
      <h2 id="signin-providers-title">{ui.signin.methodsTitle}</h2>
      <p className="signin-section-hint">{ui.signin.methodsHint}</p>
      {methods.identities.length === 0 && <p className="signin-empty">{ui.signin.methodsEmpty}</p>}
      <ul className="signin-list">
        {methods.identities.map((i) => (
          <li key={i.id} data-testid={`identity-${i.type}`}>
            <span className={`signin-provider-mark signin-provider-${i.type}`} aria-hidden>
              {i.provider_name.slice(0, 1)}
            </span>
            <span className="signin-list-text">
              <strong>{i.provider_name}</strong>
              <small>{[i.name, i.email, ui.signin.linkedAt(date(i.created_at))].filter(Boolean).join(' · ')}</small>
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => unlink(i.id, i.type, ui.signin.unlinkConfirm(i.provider_name), onChange)}
              data-testid={`unlink-${i.type}`}
            >
              {ui.signin.unlink}
            </button>
          </li>
        ))}
      </ul>
      {free.length > 0 && (
        <div className="signin-link-buttons">
          {free.map((p) => (
            <button
              key={p.type}
              type="button"
              className="btn btn-secondary"
              onClick={() => link(p.url)}
              data-testid={`link-${p.type}`}
            >
              {ui.signin.linkProvider(p.name)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/** The account's passkeys: add one (the browser's dialog), remove one (never the last way in). */
export function PasskeysSection({ methods, onChange }: SectionProps) {
  const [supported, setSupported] = useState(true);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState('');
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  if (!methods) return <section className="signin-section" aria-busy="true" />;

  async function add() {
    setBusy(true);
    try {
      const options = await signinCalls.passkeyRegisterOptions();
      if (!options.ok) return;
      let credential;
      try {
        credential = await startRegistration({ optionsJSON: options.data.options as never });
      } catch {
        return; // Closed or refused in the browser's dialog: nothing to tell.
      }
      const r = await signinCalls.passkeyRegister(options.data.key, JSON.stringify(credential), name.trim());
      if (r.ok) {
        toast.show(r.rm, { type: 'success' });
        setName('');
        onChange(r.data);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="signin-section" data-testid="passkeys" aria-labelledby="signin-passkeys-title">
      <h2 id="signin-passkeys-title">{ui.signin.passkeysTitle}</h2>
      <p className="signin-section-hint">{ui.signin.passkeysHint}</p>
      {methods.passkeys.length === 0 && <p className="signin-empty">{ui.signin.passkeysEmpty}</p>}
      <ul className="signin-list">
        {methods.passkeys.map((k) => (
          <li key={k.id} data-testid="passkey-item">
            <span className="signin-provider-mark signin-passkey-mark" aria-hidden>
              <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4">
                <circle cx="8" cy="15" r="4" />
                <path d="M11 12l9-9M17 6l3 3M15 8l2 2" strokeLinecap="round" />
              </svg>
            </span>
            <span className="signin-list-text">
              <strong>{k.name}</strong>
              <small>
                {[
                  ui.signin.passkeyCreated(date(k.created_at)),
                  k.last_used_at ? ui.signin.passkeyLastUsed(date(k.last_used_at)) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </small>
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => unlink(k.id, 'passkey', ui.signin.passkeyRemoveConfirm(k.name), onChange)}
              data-testid="passkey-remove"
            >
              {ui.signin.passkeyRemove}
            </button>
          </li>
        ))}
      </ul>
      {supported ? (
        <div className="signin-passkey-add">
          <Limited className="limited--grow">
            <input
              className="signin-input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={PASSKEY_NAME_MAX}
              placeholder={ui.signin.passkeyDefaultName}
              aria-label={ui.signin.passkeyDefaultName}
              data-testid="passkey-name"
            />
          </Limited>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={add} data-testid="passkey-add">
            {ui.signin.passkeyAdd}
          </button>
        </div>
      ) : (
        <p className="signin-empty">{ui.signin.passkeyUnsupported}</p>
      )}
    </section>
  );
}

/** Both sections with their shared state: what `/settings/signin` shows, and what the settings page may mount. */
export function SigninSettings() {
  const { methods, setMethods, reload } = useSigninMethods();
  return (
    <div className="signin-settings">
      <LinkedProviders methods={methods} onChange={setMethods} reload={reload} />
      <PasskeysSection methods={methods} onChange={setMethods} reload={reload} />
    </div>
  );
}
