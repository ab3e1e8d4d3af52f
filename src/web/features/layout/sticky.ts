import { useEffect, useRef } from 'react';

/** spec/content.md §9: the sticky column's offsets and how long a resize settles before it is measured again. */
export const STICKY_TOP = 72;
export const STICKY_BOTTOM = 20;
const STICKY_RESIZE_MS = 100;

/**
 * A sticky column that may be taller than the window: it stays `STICKY_TOP` under the window's top while it fits, and
 * else scrolls with the page until its bottom is `STICKY_BOTTOM` over the window's bottom, then stays there (a negative
 * `top`). Measured again when its content or the window changes size.
 */
export function useStickyColumn<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const place = () => {
      el.style.top = `${Math.min(STICKY_TOP, window.innerHeight - el.offsetHeight - STICKY_BOTTOM)}px`;
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(place, STICKY_RESIZE_MS);
    };
    place();
    const sized = new ResizeObserver(later);
    sized.observe(el);
    window.addEventListener('resize', later);
    return () => {
      clearTimeout(timer);
      sized.disconnect();
      window.removeEventListener('resize', later);
    };
  }, []);
  return ref;
}
