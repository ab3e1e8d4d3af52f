/**
 * The site's ads wake on the reader's first scroll, tap or key: a page only opened (the script budget's visit, a
 * crawler) fetches none of their code. They then run in their own chunk (AdsRoot.tsx).
 */
export function wakeAds() {
  const events = ['scroll', 'wheel', 'pointerdown', 'touchstart', 'keydown'];
  const wake = () => {
    for (const e of events) removeEventListener(e, wake);
    void import('./AdsRoot.tsx').then((m) => m.mountAds());
  };
  for (const e of events) addEventListener(e, wake, { passive: true });
}
