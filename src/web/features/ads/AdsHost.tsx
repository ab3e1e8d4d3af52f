import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The site's ads wake on the reader's first scroll, wheel, tap or key: a page only opened (the script budget's visit,
 * a crawler) fetches none of their code. The gesture is listened for from the client's start, then AdsRoot.tsx loads.
 */
// Its code not coming (offline: no reload then, lib/preload-recovery.ts) is logged in the spec's words and the page
// goes on without ads instead of breaking.
const Ads = lazy(() =>
  import('./AdsRoot.tsx').catch((error: unknown) => {
    console.error('Loading chunk ads failed', error);
    return { default: () => null };
  }),
);
let awake = false;
let wake = () => {};
if (typeof window !== 'undefined')
  for (const e of ['scroll', 'wheel', 'pointerdown', 'keydown'])
    addEventListener(
      e,
      () => {
        awake = true;
        wake();
      },
      { once: true, passive: true },
    );

export function AdsHost() {
  // Off in the first render on both sides: a gesture before hydration (the browser's own scroll to a `#section`, a
  // reader's early wheel) sets `awake` before React renders, and starting with it would render the client a
  // <Suspense> where the server's HTML has nothing (hydration error #418). The effect wakes it then.
  const [on, setOn] = useState(false);
  useEffect(() => {
    wake = () => setOn(true);
    if (awake) wake();
  }, []);
  return (
    on && (
      <Suspense>
        <Ads />
      </Suspense>
    )
  );
}
