import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The floating compact player's place in the shell: the shell stays while pages change, so the player and the sound
 * go on across them. Its code loads when something first plays (`mountFloating`, from player.ts), never on a page
 * that only shows audio blocks.
 */
const FloatingAudio = lazy(() => import('./FloatingAudio.tsx'));
let wanted = false;
let wake = () => {};

export function mountFloating() {
  wanted = true;
  wake();
}

export function FloatingHost() {
  const [on, setOn] = useState(wanted);
  useEffect(() => {
    wake = () => setOn(true);
    if (wanted) wake();
  }, []);
  return (
    on && (
      <Suspense>
        <FloatingAudio />
      </Suspense>
    )
  );
}
