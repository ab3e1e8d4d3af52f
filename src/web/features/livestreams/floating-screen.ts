import { useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { PHONE_MAX_WIDTH } from '../../../shared/ads.ts';
import { FLOATING_SCREEN, floatingScreenWidth } from '../../../shared/livestreams.ts';
import { readCookie, setCookie } from '../../lib/cookies.ts';

/** One arrow key press on the width handle. */
const KEY_STEP = 20;

/**
 * The floating screen of a playing stream (shared/livestreams.ts `FLOATING_SCREEN`): while it plays and its place in
 * the card (`stage`) is out of view in a desktop-wide window, the screen plays on in the window's corner at the reader's
 * width. Closing it there puts it back in its place until the card has been in view again.
 */
export function useFloatingScreen(playing: boolean) {
  const [stage, setStage] = useState<HTMLElement | null>(null);
  const [away, setAway] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [wide, setWide] = useState(false);
  const [width, setWidth] = useState<number>(FLOATING_SCREEN.width);

  useEffect(() => {
    setWidth(floatingScreenWidth(Number(readCookie(document.cookie, FLOATING_SCREEN.cookie) ?? NaN)));
    const desktop = matchMedia(`(min-width: ${PHONE_MAX_WIDTH + 1}px)`);
    const follow = () => setWide(desktop.matches);
    follow();
    desktop.addEventListener('change', follow);
    return () => desktop.removeEventListener('change', follow);
  }, []);

  useEffect(() => {
    if (!stage) return;
    const seen = new IntersectionObserver(([e]) => {
      setAway(!e.isIntersecting);
      if (e.isIntersecting) setDismissed(false);
    });
    seen.observe(stage);
    return () => seen.disconnect();
  }, [stage]);

  const keep = (next: number) => {
    const clamped = floatingScreenWidth(next);
    setWidth(clamped);
    return clamped;
  };
  const save = (value: number) => setCookie(FLOATING_SCREEN.cookie, String(value), FLOATING_SCREEN.days);

  /** The handle at the screen's top left corner: dragged left, the screen (held at the right edge) grows. */
  const onResizeStart = (e: PointerEvent<HTMLElement>) => {
    e.preventDefault();
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const from = { x: e.clientX, width };
    let last = width;
    const move = (m: globalThis.PointerEvent) => (last = keep(from.width + from.x - m.clientX));
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      save(last);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  const onResizeKey = (e: KeyboardEvent<HTMLElement>) => {
    const to = {
      ArrowRight: width + KEY_STEP,
      ArrowUp: width + KEY_STEP,
      ArrowLeft: width - KEY_STEP,
      ArrowDown: width - KEY_STEP,
      Home: FLOATING_SCREEN.min,
      End: FLOATING_SCREEN.max,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    save(keep(to));
  };

  return {
    stageRef: setStage,
    floating: playing && away && wide && !dismissed,
    width,
    dismiss: () => setDismissed(true),
    back: () => stage?.scrollIntoView({ block: 'center' }),
    onResizeStart,
    onResizeKey,
  };
}
