/**
 * Scrolls to `el` and keeps it centred while parts of the page that come late (a lazy block such as the best comments,
 * pictures) change the layout above it: a linked comment landed 1 200 px short when they arrived after the scroll.
 * The hold ends after `ms`, or as soon as the reader scrolls themselves.
 */
export function scrollAndHold(el: HTMLElement, ms = 3000) {
  el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  let at = el.getBoundingClientRect().top + window.scrollY;
  const follow = new ResizeObserver(() => {
    if (!el.isConnected) return stop();
    const now = el.getBoundingClientRect().top + window.scrollY;
    if (Math.abs(now - at) < 1) return;
    at = now;
    el.scrollIntoView({ block: 'center' });
  });
  const events = ['wheel', 'touchstart', 'keydown'] as const;
  const stop = () => {
    follow.disconnect();
    clearTimeout(timer);
    for (const e of events) window.removeEventListener(e, stop);
  };
  follow.observe(document.body);
  for (const e of events) window.addEventListener(e, stop, { passive: true });
  const timer = setTimeout(stop, ms);
}
