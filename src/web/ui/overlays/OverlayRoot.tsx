import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { useMounted } from './store.ts';
import { ToastLayer } from './toasts.tsx';
import { PopupLayer, resetPopups, usePopupOpen } from './popup.tsx';
import { ModalLayer, resetModals, useModalsOpen } from './modal.tsx';

/** Mount once inside the router. Renders nothing on the server and during hydration. */
export function OverlayRoot() {
  const mounted = useMounted();
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const lastPage = useRef(page);
  const popupOpen = usePopupOpen();
  const modalOpen = useModalsOpen();
  const locked = popupOpen || modalOpen;

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
            <PopupLayer />
            <ModalLayer />
            <ToastLayer />
          </>,
          document.body,
        )}
    </>
  );
}
