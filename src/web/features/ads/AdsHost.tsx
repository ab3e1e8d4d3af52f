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
  const [on, setOn] = useState(awake);
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
