import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/email.unsubscribe';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { api } from '../api/request.ts';
import '../features/notifications/notifications.css';

/**
 * `/email/unsubscribe/{token}`: works without signing in. Opening the link changes nothing (mail scanners follow
 * links); the button does, through `POST /v3.0/email/unsubscribe`.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  return { token: params.token, info: await services.notifications.unsubscribeInfo(params.token) };
}

export function meta() {
  return [{ title: `${ui.notifications.unsubscribeTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { token, info } = loaderData;
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function unsubscribe() {
    setBusy(true);
    const result = await api.post('email/unsubscribe', { token });
    setBusy(false);
    if (result.ok) setDone(true);
  }

  let body;
  if (!info) body = <p data-testid="unsubscribe-invalid">{ui.notifications.unsubscribeInvalid}</p>;
  else if (done) body = <p className="digest-done" data-testid="unsubscribe-done">{ui.notifications.unsubscribeDone}</p>;
  else if (!info.active) body = <p data-testid="unsubscribe-already">{ui.notifications.unsubscribeAlready}</p>;
  else {
    body = (
      <>
        <p>{ui.notifications.unsubscribeConfirm(info.email)}</p>
        <button type="button" className="btn btn-primary" onClick={unsubscribe} disabled={busy} data-testid="unsubscribe-button">
          {ui.notifications.unsubscribeButton}
        </button>
      </>
    );
  }
  return (
    <div className="unsubscribe-page" data-testid="unsubscribe-page">
      <div className="settings-section">
        <h1>{ui.notifications.unsubscribeTitle}</h1>
        {body}
        <p><Link to="/">{ui.notifications.toMain}</Link></p>
      </div>
    </div>
  );
}
