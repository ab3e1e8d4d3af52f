import { useState } from 'react';
import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { call } from '../../api/call.ts';
import type { confirm, unsubscribe } from '../../../shared/api/notifications-mail.ts';
import type { EmailSubscriptionInfo } from '../../../shared/notifications.ts';

export interface EmailLinkTexts {
  title: string;
  ask: (email: string) => string;
  button: string;
  done: string;
  /** Shown when the link's action has already happened. */
  already: string;
  invalid: string;
}

/**
 * A page behind a mailed link (`/email/unsubscribe/{token}`, `/email/confirm/{token}`) that works without signing in.
 * Opening it changes nothing, since mail scanners follow links; the button does, through `POST /v3.0/email/{kind}`.
 */
export function EmailLinkPage({
  kind,
  token,
  info,
  alreadyDone,
  texts,
}: {
  kind: 'unsubscribe' | 'confirm';
  token: string;
  info: EmailSubscriptionInfo | null;
  alreadyDone: boolean;
  texts: EmailLinkTexts;
}) {
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function press() {
    setBusy(true);
    const result =
      kind === 'unsubscribe'
        ? await call<typeof unsubscribe>('POST /email/unsubscribe', { token })
        : await call<typeof confirm>('POST /email/confirm', { token });
    setBusy(false);
    if (result.ok) setDone(true);
  }

  let body;
  if (!info) body = <p data-testid={`${kind}-invalid`}>{texts.invalid}</p>;
  else if (done)
    body = (
      <p className="digest-done" data-testid={`${kind}-done`}>
        {texts.done}
      </p>
    );
  else if (alreadyDone) body = <p data-testid={`${kind}-already`}>{texts.already}</p>;
  else {
    body = (
      <>
        <p>{texts.ask(info.email)}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={press}
          disabled={busy}
          data-testid={`${kind}-button`}
        >
          {texts.button}
        </button>
      </>
    );
  }
  return (
    <div className="unsubscribe-page" data-testid={`${kind}-page`}>
      <div className="settings-section">
        <h1>{texts.title}</h1>
        {body}
        <p>
          <Link to="/">{ui.notifications.toMain}</Link>
        </p>
      </div>
    </div>
  );
}
