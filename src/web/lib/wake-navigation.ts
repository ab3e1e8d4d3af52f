/** A reader's first gesture, or the browser's back and forward, before any navigation of theirs. */
const GESTURES = ['pointermove', 'pointerdown', 'scroll', 'keydown', 'popstate'] as const;

/**
 * Brings the navigation's retries and notices (navigation.ts) and the mobile footer with the first gesture: the anonymous page's script
 * budget (tests/e2e/budget.test.ts) stays as it was. Once per tab.
 */
export function wakeNavigation() {
  const wake = () => {
    for (const name of GESTURES) removeEventListener(name, wake, true);
    // The mobile footer, reached by scrolling, comes in the same script (navigation.ts draws it).
    void import('./navigation.ts').then((m) => m.installNavigation());
  };
  for (const name of GESTURES) addEventListener(name, wake, { capture: true, passive: true });
}
