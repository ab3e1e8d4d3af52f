import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { subscribe, unsubscribe } from '../../../shared/api/subsites.ts';
import { subsiteUi } from '../../../shared/catalogue/site.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { publishSubscription, useSubscriptionChanges } from './state.ts';

/**
 * Subscribe / unsubscribe; an anonymous click meets rc 401, signs in and completes. A private community's button
 * joins: its managers get a request (the button then says so and withdraws it), or the reader comes in at once and
 * the page is read again with the community's entries.
 */
export function SubscribeButton({
  subsite,
  compact = false,
}: {
  subsite: { id: number; is_subscribed: boolean; is_private?: boolean; is_requested?: boolean };
  compact?: boolean;
}) {
  const [subscribed, setSubscribed] = useState(subsite.is_subscribed);
  const [requested, setRequested] = useState(subsite.is_requested ?? false);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  useEffect(() => setSubscribed(subsite.is_subscribed), [subsite.is_subscribed]);
  useEffect(() => setRequested(subsite.is_requested ?? false), [subsite.is_requested]);
  useSubscriptionChanges(subsite.id, (change) => {
    setSubscribed(change.is_subscribed);
    if (change.is_requested !== undefined) setRequested(change.is_requested);
  });

  async function toggle() {
    setBusy(true);
    const result =
      subscribed || requested
        ? await call<typeof unsubscribe>('POST /unsubscribe/to/subsite/:id', { id: subsite.id })
        : await call<typeof subscribe>('POST /subscribe/to/subsite/:id', { id: subsite.id });
    setBusy(false);
    if (!result.ok) return;
    setSubscribed(result.data.is_subscribed);
    setRequested(result.data.is_requested);
    publishSubscription(result.data);
    if (result.data.is_requested) toast.show(result.rm, { type: 'success' });
    // In or out of a private community: what the page may show changed.
    if (subsite.is_private && !result.data.is_requested) void revalidator.revalidate();
  }

  const label = subscribed
    ? subsiteUi.subscribed
    : requested
      ? subsiteUi.requested
      : subsite.is_private
        ? subsiteUi.join
        : subsiteUi.subscribe;
  const title = subscribed ? subsiteUi.unsubscribe : requested ? subsiteUi.cancelRequest : label;
  return (
    <button
      type="button"
      className={`btn ${subscribed || requested ? 'btn-secondary' : 'btn-primary'} ${compact ? 'btn-small' : ''}`}
      onClick={toggle}
      disabled={busy}
      aria-pressed={subscribed || requested}
      data-testid="subscribe-button"
      data-requested={requested || undefined}
      title={title}
    >
      {compact ? (subscribed || requested ? '✓' : '+') : label}
    </button>
  );
}
