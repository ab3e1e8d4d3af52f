import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { FLOATING_HIDDEN_COOKIE, FLOATING_HIDDEN_DAYS, propagandaOf } from '../../../shared/ads.ts';
import { readCookie, setCookie } from '../../lib/cookies.ts';
import { AdUnit, slotTarget } from './AdUnit.tsx';
import { startAnalytics } from './analytics.ts';
import { showPage } from './reading.ts';
import { probeAdblock } from './probe.ts';
import './ads.css';

/**
 * The site's ads, awake after the reader's first gesture (AdsHost.tsx). Pages mark where a unit may go with an empty
 * `<div data-ad-place=…>`; this part follows those slots as pages change and draws a unit into each (a portal), and
 * the floating unit in the corner where the layout's `propaganda` is not `off-all`. A blocker the probe finds means no
 * units (spec/content.md §8 "a detected blocker … rejects"); the page itself is untouched.
 */
const slotsNow = () => [...document.querySelectorAll<HTMLElement>('[data-ad-place]')];
const keys = new WeakMap<HTMLElement, number>();
let nextKey = 0;
const keyOf = (el: HTMLElement) => {
  if (!keys.has(el)) keys.set(el, ++nextKey);
  return String(keys.get(el));
};

export default function Ads() {
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [slots, setSlots] = useState(slotsNow);
  const path = useLocation().pathname;

  // Analytics work whatever the blocker: Show of each page (after it rendered), an entry's reading, the clicks.
  useEffect(() => {
    startAnalytics();
    showPage();
  }, [path]);

  useEffect(() => {
    void probeAdblock().then((s) => setBlocked(s.enabled));
    const follow = new MutationObserver(() => {
      const now = slotsNow();
      setSlots((was) => (was.length === now.length && was.every((el, i) => el === now[i]) ? was : now));
    });
    follow.observe(document.body, { childList: true, subtree: true });
    return () => follow.disconnect();
  }, []);

  if (blocked !== false) return null;
  return (
    <>
      {slots.map((el) => createPortal(<AdUnit target={slotTarget(el, path)} />, el, keyOf(el)))}
      {propagandaOf('', path) !== 'off-all' && <Floating key={path} />}
    </>
  );
}

/** The floating unit: closed, it stays hidden for a day (`distribution-fl-hidden`). */
function Floating() {
  const [closed, setClosed] = useState(() => readCookie(document.cookie, FLOATING_HIDDEN_COOKIE) === '1');
  if (closed) return null;
  return (
    <div className="ad-floating" data-testid="ad-floating">
      <AdUnit
        target={{ place: 'floating' }}
        onClose={() => {
          setCookie(FLOATING_HIDDEN_COOKIE, '1', FLOATING_HIDDEN_DAYS);
          setClosed(true);
        }}
      />
    </div>
  );
}
