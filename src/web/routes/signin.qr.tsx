import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ui } from '../../shared/catalogue.ts';
import { formatDateTime } from '../../shared/format.ts';
import type { QrRequest } from '../../shared/api/signin.ts';
import { openAuthPopup } from '../features/auth/open.ts';
import { useCurrentUser } from '../features/auth/session.ts';
import { signinCalls } from '../features/signin/calls.ts';
import '../features/signin/signin.css';

export function meta() {
  return [{ title: `${ui.signin.qrConfirmTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

type State = 'loading' | 'invalid' | 'done' | 'cancelled' | QrRequest;

/** `/auth/qr/{code}`: the phone (signed in) sees which device asks to sign in and confirms or refuses. */
export default function QrConfirm() {
  const { code = '' } = useParams();
  const user = useCurrentUser();
  const [state, setState] = useState<State>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user) return;
    void signinCalls.qrInfo(code).then((r) => setState(r.ok ? r.data : 'invalid'));
  }, [code, user]);

  async function answer(yes: boolean) {
    setBusy(true);
    const r = yes ? await signinCalls.qrConfirm(code) : await signinCalls.qrReject(code);
    setBusy(false);
    if (r.ok) setState(yes ? 'done' : 'cancelled');
    else setState('invalid');
  }

  return (
    <div className="page page-narrow" data-testid="qr-confirm-page">
      <div className="signin-card">
        <h1 className="page-title">{ui.signin.qrConfirmTitle}</h1>
        {!user ? (
          <>
            <p>{ui.signin.qrSignInFirst}</p>
            <button type="button" className="btn btn-primary" onClick={() => openAuthPopup('login')}>
              {ui.auth.loginButton}
            </button>
          </>
        ) : state === 'loading' ? (
          <p aria-busy="true">…</p>
        ) : state === 'invalid' ? (
          <p data-testid="qr-invalid">{ui.signin.qrInvalid}</p>
        ) : state === 'done' ? (
          <p data-testid="qr-done">{ui.signin.qrDone}</p>
        ) : state === 'cancelled' ? (
          <p data-testid="qr-cancelled">{ui.signin.qrCancelled}</p>
        ) : (
          <>
            <p>{ui.signin.qrConfirmAsk}</p>
            <dl className="signin-device" data-testid="qr-device">
              <dt>{ui.signin.qrDevice}</dt>
              <dd>
                {state.browser}, {state.os}
              </dd>
              <dt>{ui.signin.qrAddress}</dt>
              <dd>{state.ip}</dd>
              <dt>{ui.signin.qrTime}</dt>
              <dd>{formatDateTime(new Date(state.created_at * 1000))}</dd>
            </dl>
            <div className="signin-actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => answer(true)}
                data-testid="qr-confirm"
              >
                {ui.signin.qrConfirm}
              </button>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => answer(false)}>
                {ui.signin.qrCancel}
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
