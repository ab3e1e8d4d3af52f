import { useEffect, useRef } from 'react';
import type { CurrentUser } from '../../../shared/api.ts';
import { onAuthChange } from '../auth/session.ts';

/**
 * The reader's subscriptions as they change on this page: the sidebar button, the subsite header and the
 * entry stub all show one subsite, so a change in one is announced to the others. Client-only state.
 */
export interface SubscriptionChange {
  subsite_id: number;
  is_subscribed: boolean;
  subscribers_count?: number;
  /** A private community: the reader's request to join waits. */
  is_requested?: boolean;
}

const EVENT = 'sreda:subscription';
const changed = new Map<number, boolean>();

if (typeof window !== 'undefined') onAuthChange(() => changed.clear());

export function publishSubscription(change: SubscriptionChange) {
  changed.set(change.subsite_id, change.is_subscribed);
  window.dispatchEvent(new CustomEvent<SubscriptionChange>(EVENT, { detail: change }));
}

/** Subscribed now: a change made on this page, else what the current user object said. */
export function isSubscribed(subsiteId: number, user: CurrentUser | null): boolean {
  return changed.get(subsiteId) ?? user?.subscribed_ids.includes(subsiteId) ?? false;
}

/** Calls `listener` when the subscription to this subsite changes anywhere on the page. */
export function useSubscriptionChanges(subsiteId: number, listener: (change: SubscriptionChange) => void) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const on = (e: Event) => {
      const detail = (e as CustomEvent<SubscriptionChange>).detail;
      if (detail.subsite_id === subsiteId) latest.current(detail);
    };
    window.addEventListener(EVENT, on);
    return () => window.removeEventListener(EVENT, on);
  }, [subsiteId]);
}
