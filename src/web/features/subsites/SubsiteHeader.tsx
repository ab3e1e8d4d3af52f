import { openGiftPopup } from '../payments/PaymentsSection.tsx';
import { useCanGift } from '../payments/useCanGift.ts';
import { useEffect, useRef, useState } from 'react';
import { WriteButton } from '../messenger/WriteButton.tsx';
import { ui } from '../../../shared/catalogue.ts';
import type { mute, notifyOff, notifyOn, unmute } from '../../../shared/api/subsites.ts';
import type { SubsiteDetails } from '../../../shared/feed.ts';
import { formatDate, pluralize } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import type { ApiResult } from '../../api/request.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Popover } from '../../ui/overlays/popover.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { channelName, type SystemEvent } from '../../../shared/realtime.ts';
import { useChannel } from '../realtime/useChannel.ts';
import { SubscribeButton } from './SubscribeButton.tsx';
import { useSubscriptionChanges } from './state.ts';
import './subsites.css';
import { MoreIcon } from '../../ui/icons.tsx';

const t = ui.feedSection;

/** A subsite page's header: cover, avatar, name, description, counters, subscribe, the bell and the mute menu. */
export function SubsiteHeader({ subsite, now }: { subsite: SubsiteDetails; now: number }) {
  const [subscribed, setSubscribed] = useState(subsite.is_subscribed);
  const [subscribers, setSubscribers] = useState(subsite.subscribers_count);
  const [notify, setNotify] = useState(subsite.is_notify);
  const [muted, setMuted] = useState(subsite.is_muted);
  const [busy, setBusy] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuAnchor = useRef<HTMLButtonElement>(null);
  const canGift = useCanGift(subsite.type === 'user' && !subsite.is_mine ? subsite.id : null);

  useEffect(() => {
    setSubscribed(subsite.is_subscribed);
    setSubscribers(subsite.subscribers_count);
    setNotify(subsite.is_notify);
    setMuted(subsite.is_muted);
  }, [subsite]);
  // Unsubscribing drops the notifications with the subscription (spec/content.md §4).
  useSubscriptionChanges(subsite.id, (change) => {
    setSubscribed(change.is_subscribed);
    if (change.subscribers_count !== undefined) setSubscribers(change.subscribers_count);
    if (!change.is_subscribed) setNotify(false);
  });
  // Anyone's subscription moves the count while the page is open.
  useChannel<SystemEvent>(channelName.system, (event) => {
    if (event.type === 'subsite_subscribers_count_changed' && event.subsite_id === subsite.id)
      setSubscribers(event.count);
  });

  async function post<T>(calling: Promise<ApiResult<T>>, apply: (data: T) => void) {
    setBusy(true);
    const result = await calling;
    setBusy(false);
    if (!result.ok) return;
    apply(result.data);
    toast.show(result.rm, { type: 'success' });
  }
  const toggleNotify = () =>
    post(
      notify
        ? call<typeof notifyOff>('POST /notifications/unsubscribe/subsite/:id', { id: subsite.id })
        : call<typeof notifyOn>('POST /notifications/subscribe/subsite/:id', { id: subsite.id }),
      (d) => setNotify(d.is_notify),
    );
  const toggleMute = () =>
    post(
      muted
        ? call<typeof unmute>('POST /unmute/subsite/:id', { id: subsite.id })
        : call<typeof mute>('POST /mute/subsite/:id', { id: subsite.id }),
      (d) => setMuted(d.is_muted),
    );

  return (
    <section className="subsite-header" data-testid="subsite-header" data-id={subsite.id}>
      <div
        className={`subsite-cover${subsite.cover_url ? ' has-image' : ''}`}
        style={
          subsite.cover_url
            ? { backgroundImage: `url("${subsite.cover_url}")` }
            : { background: `linear-gradient(120deg, ${subsite.avatar_color}, ${subsite.avatar_color}99)` }
        }
        aria-hidden
      />
      <div className="subsite-head">
        <div className="subsite-avatar">
          <Avatar name={subsite.name} color={subsite.avatar_color} url={subsite.avatar_url} size={88} />
        </div>
        <div className="subsite-actions">
          {subsite.can_manage && (
            <a
              className="btn btn-secondary subsite-settings"
              href={`${subsite.url}/settings`}
              data-testid="subsite-settings"
            >
              {t.settings}
            </a>
          )}
          {!subsite.is_mine && !subsite.is_deleted && (
            <>
              {subscribed && (
                <button
                  type="button"
                  className={`icon-btn subsite-bell${notify ? ' is-on' : ''}`}
                  onClick={toggleNotify}
                  disabled={busy}
                  aria-pressed={notify}
                  aria-label={notify ? t.notifyDisable : t.notifyEnable}
                  title={notify ? t.notifyDisable : t.notifyEnable}
                  data-testid="notify-button"
                >
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
                    <path
                      d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
                      fill={notify ? 'currentColor' : 'none'}
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              )}
              {subsite.type === 'user' && <WriteButton userId={subsite.id} />}
              <SubscribeButton
                subsite={{
                  id: subsite.id,
                  is_subscribed: subscribed,
                  is_private: subsite.is_private,
                  is_requested: subsite.is_join_requested,
                }}
              />
            </>
          )}
          <button
            ref={menuAnchor}
            type="button"
            className="icon-btn"
            aria-label={t.subsiteMenu}
            aria-haspopup="menu"
            onClick={() => setMenuOpen((v) => !v)}
            data-testid="subsite-menu"
          >
            <MoreIcon />
          </button>
          <Popover
            anchor={menuAnchor.current}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            align="right"
            items={[
              ...(subsite.is_mine ? [] : [{ label: muted ? t.unmute : t.mute, value: 'mute' }]),
              ...(canGift ? [{ label: ui.payments.giftTitle, value: 'gift' }] : []),
              { label: t.rss, value: 'rss', url: `/rss/${subsite.id}`, urlTarget: '_blank' },
            ]}
            onSelect={(item) => {
              // The RSS item is a link: it opens by itself.
              setMenuOpen(false);
              if (item.value === 'mute') void toggleMute();
              if (item.value === 'gift') openGiftPopup({ id: subsite.id, name: subsite.name });
            }}
          />
        </div>
      </div>
      <div className="subsite-info">
        <div className="subsite-type">{t.subsiteTypes[subsite.type]}</div>
        <h1 className="subsite-name" data-testid="subsite-name">
          {subsite.name}
        </h1>
        {subsite.description && <p className="subsite-description">{subsite.description}</p>}
        <div className="subsite-counters">
          <span data-testid="subscribers-count">{pluralize(subscribers, ui.subsite.subscribers)}</span>
          <span>{pluralize(subsite.entries_count, t.entries)}</span>
          <span>{t.since(formatDate(subsite.created, now))}</span>
        </div>
        {muted && (
          <p className="subsite-note" data-testid="muted-note">
            {t.mutedNote}
          </p>
        )}
        {subsite.is_private && (
          <p className="subsite-note" data-testid="private-note">
            {t.privateNote}
          </p>
        )}
        {subsite.can_manage && subsite.join_requests_count > 0 && (
          <p className="subsite-note">
            <a href={`${subsite.url}/settings#requests`} data-testid="join-requests-link">
              {ui.subsites.requests}: {subsite.join_requests_count}
            </a>
          </p>
        )}
        {subsite.is_deleted && (
          <p className="subsite-note" data-testid="deleted-note">
            {t.deletedNote}
          </p>
        )}
      </div>
    </section>
  );
}
