import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { useMounted } from './store.ts';
import { ToastLayer } from './toasts.tsx';
import { resetPopups, usePopupOpen } from './popup.tsx';
import { resetModals, useModalsOpen } from './modal.tsx';

// The popup and modal containers are not part of the first download: most visits open none.
const loadPopupLayer = () => import('./PopupLayer.tsx');
const loadModalLayer = () => import('./ModalLayer.tsx');
const PopupLayer = lazy(() => loadPopupLayer().then((m) => ({ default: m.PopupLayer })));
const ModalLayer = lazy(() => loadModalLayer().then((m) => ({ default: m.ModalLayer })));

/**
 * Fetches the containers' code at the reader's first touch or key, ahead of the popup or modal it may open: one opened
 * right before the connection drops (the sign-in popup, then offline) still shows. Not when already offline, where a
 * failed fetch would count as a missing chunk (preload-recovery.ts).
 */
function useWarmLayers() {
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const warm = () => {
      events.forEach((e) => document.removeEventListener(e, warm, true));
      if (navigator.onLine === false) return;
      void loadPopupLayer();
      void loadModalLayer();
    };
    events.forEach((e) => document.addEventListener(e, warm, true));
    return () => events.forEach((e) => document.removeEventListener(e, warm, true));
  }, []);
}

/** True from the first time `open` is true on: a container stays mounted to play its closing animation. */
function useOnceOpen(open: boolean): boolean {
  const [once, setOnce] = useState(open);
  if (open && !once) setOnce(true);
  return once || open;
}

/** Mount once inside the router. Renders nothing on the server and during hydration. */
export function OverlayRoot() {
  const mounted = useMounted();
  useWarmLayers();
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const lastPage = useRef(page);
  const popupOpen = usePopupOpen();
  const modalOpen = useModalsOpen();
  const locked = popupOpen || modalOpen;
  const popupUsed = useOnceOpen(popupOpen);
  const modalUsed = useOnceOpen(modalOpen);

  // §2: overlays are not routes, so every popup and modal closes when the page changes
  useEffect(() => {
    if (lastPage.current === page) return;
    lastPage.current = page;
    resetModals();
    resetPopups();
  }, [page]);

  // the page behind a dialog must not scroll
  useEffect(() => {
    document.documentElement.classList.toggle('ov-locked', locked);
    return () => document.documentElement.classList.remove('ov-locked');
  }, [locked]);

  return (
    <>
      {mounted &&
        createPortal(
          <>
            <Suspense fallback={null}>{popupUsed && <PopupLayer />}</Suspense>
            <Suspense fallback={null}>{modalUsed && <ModalLayer />}</Suspense>
            <ToastLayer />
          </>,
          document.body,
        )}
    </>
  );
}
