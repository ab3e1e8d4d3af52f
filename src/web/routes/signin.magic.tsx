import { useState } from 'react';
import { ui } from '../../shared/catalogue.ts';
import { openAuthPopup } from '../features/auth/open.ts';
import { setCurrentUser } from '../features/auth/session.ts';
import { signinCalls } from '../features/signin/calls.ts';
import '../features/signin/signin.css';

export function meta() {
  return [{ title: `${ui.signin.magicPageTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

/**
 * `/auth/magic?token=…`, the mailed link: one press signs in (a mail scanner that opens the link spends nothing),
 * then the visitor goes where they asked for the link.
 */
export default function MagicLink() {
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  async function signIn() {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    setBusy(true);
    const r = await signinCalls.magicUse(token);
    setBusy(false);
    if (!r.ok) return setInvalid(true);
    setCurrentUser(r.data.user);
    location.replace(r.data.redirect_url);
  }
  return (
    <div className="page page-narrow" data-testid="magic-page">
      <div className="signin-card">
        <h1 className="page-title">{ui.signin.magicPageTitle}</h1>
        {invalid ? (
          <>
            <p data-testid="magic-invalid">{ui.signin.magicInvalid}</p>
            <button type="button" className="btn btn-primary" onClick={() => openAuthPopup('login')}>
              {ui.signin.magicAgain}
            </button>
          </>
        ) : (
          <>
            <p>{ui.signin.magicPageAsk}</p>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={signIn} data-testid="magic-use">
              {ui.signin.magicPageButton}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
