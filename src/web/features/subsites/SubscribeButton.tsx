import { useEffect, useState } from 'react';
import type { subscribe, unsubscribe } from '../../../shared/api/subsites.ts';
import { subsiteUi } from '../../../shared/catalogue/site.ts';
import { call } from '../../api/call.ts';
import { publishSubscription, useSubscriptionChanges } from './state.ts';

/** Subscribe / unsubscribe; an anonymous click meets rc 401, signs in and completes. */
export function SubscribeButton({
  subsite,
  compact = false,
}: {
  subsite: { id: number; is_subscribed: boolean };
  compact?: boolean;
}) {
  const [subscribed, setSubscribed] = useState(subsite.is_subscribed);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSubscribed(subsite.is_subscribed), [subsite.is_subscribed]);
  useSubscriptionChanges(subsite.id, (change) => setSubscribed(change.is_subscribed));

  async function toggle() {
    setBusy(true);
    const result = subscribed
      ? await call<typeof unsubscribe>('POST /unsubscribe/to/subsite/:id', { id: subsite.id })
      : await call<typeof subscribe>('POST /subscribe/to/subsite/:id', { id: subsite.id });
    setBusy(false);
    if (result.ok) {
      setSubscribed(result.data.is_subscribed);
      publishSubscription(result.data);
    }
  }

  return (
    <button
      type="button"
      className={`btn ${subscribed ? 'btn-secondary' : 'btn-primary'} ${compact ? 'btn-small' : ''}`}
      onClick={toggle}
      disabled={busy}
      aria-pressed={subscribed}
      data-testid="subscribe-button"
      title={subscribed ? subsiteUi.unsubscribe : subsiteUi.subscribe}
    >
      {compact ? (subscribed ? '✓' : '+') : subscribed ? subsiteUi.subscribed : subsiteUi.subscribe}
    </button>
  );
}
