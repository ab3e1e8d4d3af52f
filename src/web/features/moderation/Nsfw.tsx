import { useEffect, useState, type ReactNode } from 'react';
import { moderationShownUi } from '../../../shared/catalogue/shown.ts';
import { ADULT_COOKIE } from '../../../shared/moderation.ts';
import type { setAdult } from '../../../shared/api/moderation-entries.ts';
import { call } from '../../api/call.ts';
import { createStore, useStore } from '../../lib/store.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { useCurrentUser } from '../auth/session.ts';

const L = moderationShownUi;

/** Confirmed in this tab (the answer of `/subsite/is_adult`); the account or the cookie say it after a reload. */
const confirmedNow = createStore(false);

const cookieSaysAdult = () => document.cookie.split('; ').includes(`${ADULT_COOKIE}=1`);

/** Asks the age once; a yes is stored on the account (signed in) and in the cookie, and lifts every blur. */
export async function confirmAdult(): Promise<boolean> {
  const { status } = await openModal({ title: L.adultTitle, text: L.adultText, confirmLabel: L.adultConfirm });
  if (!status) return false;
  const res = await call<typeof setAdult>('POST /subsite/is_adult', { is_adult: 1 }, { notify: false });
  if (!res.ok) {
    toast.show(L.adultFailed, { type: 'error' });
    return false;
  }
  confirmedNow.set(true);
  return true;
}

/**
 * An 18+ entry's intro and cover, blurred for a reader who has not confirmed their age (or who keeps 18+ blurred).
 * The server renders it blurred; the page lifts the blur after hydration when the account or the cookie allow.
 */
export function NsfwCover({ isNsfw, children }: { isNsfw: boolean; children: ReactNode }) {
  const user = useCurrentUser();
  const confirmed = useStore(confirmedNow, false);
  const [cookieAdult, setCookieAdult] = useState(false);
  const [revealed, setRevealed] = useState(false);
  // `data-live`: hydrated and answering clicks (on an entry page its code arrives after the page's own).
  const [live, setLive] = useState(false);
  useEffect(() => {
    setCookieAdult(cookieSaysAdult());
    setLive(true);
  }, []);
  const adult = confirmed || cookieAdult || Boolean(user?.is_adult);
  const blurred = isNsfw && !revealed && (!adult || Boolean(user?.is_blur_nsfw));
  if (!isNsfw) return <>{children}</>;
  return (
    <div
      className={`mod-nsfw${blurred ? ' mod-nsfw--blurred' : ''}`}
      data-testid="nsfw"
      data-blurred={blurred ? '1' : '0'}
      data-live={live ? '1' : undefined}
    >
      <div className="mod-nsfw__content" aria-hidden={blurred || undefined} inert={blurred || undefined}>
        {children}
      </div>
      {blurred && (
        <div className="mod-nsfw__veil">
          <span className="mod-nsfw__label">{L.nsfwLabel}</span>
          <span className="mod-nsfw__text">{L.nsfwHidden}</span>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="nsfw-show"
            onClick={async () => {
              if (adult || (await confirmAdult())) setRevealed(true);
            }}
          >
            {L.nsfwShow}
          </button>
        </div>
      )}
    </div>
  );
}
