import { useState } from 'react';
import type { Route } from './+types/account.email';
import { ui } from '../../shared/catalogue.ts';
import type { confirmEmail } from '../../shared/api/accounts.ts';
import { call } from '../api/call.ts';

/**
 * `/u/me/settings/email/{token}`: the link mailed to the new address. Opening it changes nothing (mail scanners
 * open links too); the button does.
 */
export function meta() {
  return [{ title: `${ui.accounts.emailConfirmTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function EmailConfirmPage({ params }: Route.ComponentProps) {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  async function confirm() {
    const res = await call<typeof confirmEmail>(
      'POST /users/settings/email/confirm',
      { token: params.token },
      { notify: false },
    );
    setState({ ok: res.ok, text: res.rm });
  }
  return (
    <div className="settings-page unsubscribe-page" data-testid="email-confirm-page">
      <h1>{ui.accounts.emailConfirmTitle}</h1>
      <section className="settings-section">
        {state ? (
          <p className={state.ok ? 'digest-done' : 'field-error'} role="status">
            {state.text}
          </p>
        ) : (
          <button type="button" className="btn btn-primary" onClick={confirm} data-testid="email-confirm">
            {ui.accounts.emailConfirmButton}
          </button>
        )}
      </section>
    </div>
  );
}
