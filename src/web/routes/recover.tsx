import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ui } from '../../shared/catalogue.ts';
import { openAuthPopup } from '../features/auth/open.ts';
import { authCalls } from '../features/auth/session.ts';

export function meta() {
  return [{ title: `${ui.auth.resetTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

/** The mailed recovery link: checks the token, then asks for the new password in the auth popup. */
export default function Recover() {
  const navigate = useNavigate();
  const [state, setState] = useState<{ token: string; email: string } | 'checking' | 'invalid'>('checking');

  const ask = async (token: string, email: string) => {
    if (await openAuthPopup('reset', { token, email })) void navigate('/', { replace: true });
  };

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    void authCalls.recoverCheck(token).then((result) => {
      if (!result.ok) return setState('invalid');
      setState({ token, email: result.data.email });
      void ask(token, result.data.email);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is checked once per visit
  }, []);

  return (
    <div className="page page-narrow" data-testid="recover-page">
      <h1 className="page-title">{ui.auth.resetTitle}</h1>
      {state === 'checking' && <p aria-busy="true">…</p>}
      {state === 'invalid' && (
        <>
          <p>{ui.auth.recoverInvalid}</p>
          <button type="button" className="btn btn-primary" onClick={() => openAuthPopup('recover')}>
            {ui.auth.recoverButton}
          </button>
        </>
      )}
      {typeof state === 'object' && (
        <>
          <p>{ui.auth.resetFor(state.email)}</p>
          <button type="button" className="btn btn-primary" onClick={() => ask(state.token, state.email)}>
            {ui.auth.resetButton}
          </button>
        </>
      )}
    </div>
  );
}
