import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { historyUi } from '../../../shared/catalogue/history.ts';
import { useMounted } from '../overlays/store.ts';
import { CloseIcon } from '../overlays/toasts.tsx';
import { canZoom, viewerFit, type ViewerItem } from './images.ts';

/** spec/foundation.md §2: open, close and paging animate for 333 ms. */
export const VIEWER_ANIMATION_MS = 333;
/** A sideways swipe of this many pixels pages; less springs back. */
export const VIEWER_SWIPE_PX = 50;
/** Past this many pictures the dots would not fit a phone; the counter alone tells the place. */
const MAX_DOTS = 20;

const L = historyUi.viewer;

export interface ViewerProps {
  items: ViewerItem[];
  /** The item it opens at. */
  start: number;
  onClose(): void;
}

/**
 * The fullscreen image viewer (spec/foundation.md §2): counter '{n} из {total}', title, author, dots and arrows,
 * ←/→ and Esc, swipes on touch screens, a download button opening the original, zoom to 1:1 by a click where the
 * original size is known, gifs as mp4. Rendered into <body> above everything; it leaves with its page.
 */
export function Viewer(props: ViewerProps) {
  const mounted = useMounted();
  if (!mounted || props.items.length === 0) return null;
  return createPortal(<ViewerWindow {...props} />, document.body);
}

const windowSize = () => ({ w: window.innerWidth, h: window.innerHeight });

function ViewerWindow({ items, start, onClose }: ViewerProps) {
  const total = items.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, start), total - 1));
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const [drag, setDrag] = useState(0);
  const [win, setWin] = useState(windowSize);
  const root = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number; dx: number; sideways: boolean | null } | null>(null);

  const close = () => {
    if (closing) return;
    setClosing(true);
    setTimeout(onClose, VIEWER_ANIMATION_MS);
  };
  const go = (next: number) => {
    if (next < 0 || next >= total || next === index) return;
    setZoomed(false);
    setIndex(next);
  };

  // Latest handlers for the long-lived window listener.
  const live = useRef({ close, go, index });
  live.current = { close, go, index };

  useEffect(() => {
    // The next frame starts the fade-in; the page under it stops scrolling; focus moves in and comes back after.
    const frame = requestAnimationFrame(() => setOpen(true));
    const before = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      const { close, go, index } = live.current;
      if (e.key === 'Tab') {
        // Focus stays inside the dialog: the page under it is out of reach while it is open.
        const controls = [...(root.current?.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)') ?? [])];
        const at = controls.indexOf(document.activeElement as HTMLElement);
        const next = controls[(at + (e.shiftKey ? -1 : 1) + controls.length) % controls.length];
        next?.focus();
        e.preventDefault();
        return;
      }
      if (e.key === 'Escape') close();
      else if (e.key === 'ArrowLeft') go(index - 1);
      else if (e.key === 'ArrowRight') go(index + 1);
      else return;
      // Capture phase + stop: popups and pages underneath must not react to these keys too.
      e.preventDefault();
      e.stopPropagation();
    };
    const onResize = () => setWin(windowSize());
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', onResize);
      document.body.style.overflow = overflow;
      if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  // Swipes: touch and pen only (a mouse pages with the arrows); vertical moves stay the browser's.
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' || zoomed || total < 2) return;
    swipe.current = { id: e.pointerId, x: e.clientX, y: e.clientY, dx: 0, sideways: null };
  };
  const onPointerMove = (e: PointerEvent) => {
    const s = swipe.current;
    if (!s || s.id !== e.pointerId) return;
    s.dx = e.clientX - s.x;
    s.sideways ??=
      Math.abs(s.dx) > 8 || Math.abs(e.clientY - s.y) > 8 ? Math.abs(s.dx) > Math.abs(e.clientY - s.y) : null;
    if (!s.sideways) return;
    const atEdge = (s.dx > 0 && index === 0) || (s.dx < 0 && index === total - 1);
    setDrag(atEdge ? s.dx / 3 : s.dx);
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = swipe.current;
    if (!s || s.id !== e.pointerId) return;
    swipe.current = null;
    setDrag(0);
    if (s.sideways && s.dx <= -VIEWER_SWIPE_PX) go(index + 1);
    else if (s.sideways && s.dx >= VIEWER_SWIPE_PX) go(index - 1);
  };

  const item = items[index];
  const counter = L.counter(index + 1, total);
  return (
    <div
      ref={root}
      className={`viewer${open && !closing ? ' is-open' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={counter}
      data-testid="viewer"
      style={{ ['--viewer-ms' as string]: `${VIEWER_ANIMATION_MS}ms` }}
    >
      <div className="viewer-top">
        <span className="viewer-counter" data-testid="viewer-counter" aria-live="polite">
          {counter}
        </span>
        <div className="viewer-actions">
          <a
            className="viewer-btn"
            href={item.src}
            target="_blank"
            rel="noopener"
            aria-label={L.download}
            title={L.download}
            data-testid="viewer-download"
          >
            <DownloadIcon />
          </a>
          <button
            ref={closeButton}
            type="button"
            className="viewer-btn"
            onClick={close}
            aria-label={L.close}
            title={L.close}
            data-testid="viewer-close"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      </div>
      <div
        className={`viewer-stage${zoomed ? ' is-zoomed' : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div
          className="viewer-track"
          style={{ transform: `translateX(calc(${-index * 100}% + ${drag}px))`, transition: drag ? 'none' : undefined }}
        >
          {items.map((it, i) => (
            <div
              key={i}
              className={`viewer-slide${i === index ? ' is-active' : ''}`}
              aria-hidden={i !== index}
              onClick={(e) => e.target === e.currentTarget && close()}
            >
              {/* The neighbours load too, so paging shows a ready picture. */}
              {Math.abs(i - index) <= 1 && (
                <Slide
                  item={it}
                  active={i === index}
                  zoomed={zoomed && i === index}
                  onZoom={setZoomed}
                  win={win}
                  onBackdrop={close}
                />
              )}
            </div>
          ))}
        </div>
      </div>
      {total > 1 && (
        <>
          <button
            type="button"
            className="viewer-arrow viewer-arrow--prev"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            aria-label={L.previous}
            data-testid="viewer-prev"
          >
            <ArrowIcon />
          </button>
          <button
            type="button"
            className="viewer-arrow viewer-arrow--next"
            onClick={() => go(index + 1)}
            disabled={index === total - 1}
            aria-label={L.next}
            data-testid="viewer-next"
          >
            <ArrowIcon />
          </button>
        </>
      )}
      <div className="viewer-bottom">
        {(item.title || item.author) && (
          <div className="viewer-caption" data-testid="viewer-caption">
            {item.title && <span className="viewer-title">{item.title}</span>}
            {item.author && <span className="viewer-author">{item.author}</span>}
          </div>
        )}
        {total > 1 && total <= MAX_DOTS && (
          <div className="viewer-dots">
            {items.map((_, i) => (
              <button
                key={i}
                type="button"
                className="viewer-dot"
                aria-label={L.goTo(i + 1)}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

interface SlideProps {
  item: ViewerItem;
  active: boolean;
  zoomed: boolean;
  onZoom(zoomed: boolean): void;
  win: { w: number; h: number };
  onBackdrop(): void;
}

/** One picture: the 680 px preview at once, the original over it when loaded; a click toggles 1:1 where allowed. */
function Slide({ item, active, zoomed, onZoom, win, onBackdrop }: SlideProps) {
  const fit = viewerFit(item, win.w, win.h);
  const zoomable = canZoom(fit);
  const [full, setFull] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  // Where the click landed, as a share of the picture, so zooming keeps that point under the pointer.
  const focus = useRef<{ fx: number; fy: number; x: number; y: number } | null>(null);

  useLayoutEffect(() => {
    const el = frame.current;
    const f = focus.current;
    if (!el || !f || !zoomed) return;
    el.scrollLeft = f.fx * item.width - f.x;
    el.scrollTop = f.fy * item.height - f.y;
    focus.current = null;
  }, [zoomed, item.width, item.height]);

  const toggle = (e: MouseEvent<HTMLElement>) => {
    if (!zoomable) return;
    const box = e.currentTarget.getBoundingClientRect();
    const stage = frame.current?.getBoundingClientRect();
    focus.current = {
      fx: (e.clientX - box.left) / box.width,
      fy: (e.clientY - box.top) / box.height,
      x: e.clientX - (stage?.left ?? 0),
      y: e.clientY - (stage?.top ?? 0),
    };
    onZoom(!zoomed);
  };

  const size = zoomed
    ? { width: item.width, height: item.height }
    : fit
      ? { width: fit.width, height: fit.height }
      : undefined;
  const background = item.color ? { backgroundColor: `#${item.color}` } : {};
  return (
    <div ref={frame} className="viewer-frame" onClick={(e) => e.target === e.currentTarget && onBackdrop()}>
      <div className={`viewer-picture${size ? '' : ' viewer-picture--free'}`} style={{ ...size, ...background }}>
        {item.video_src ? (
          <video
            className="viewer-full is-loaded"
            src={item.video_src}
            poster={item.preview_src}
            autoPlay={active}
            muted
            loop
            playsInline
            data-testid={active ? 'viewer-video' : undefined}
          />
        ) : (
          <>
            {!full && size && <img className="viewer-preview" src={item.preview_src} alt="" aria-hidden />}
            <img
              className={`viewer-full${full || !size ? ' is-loaded' : ''}${zoomable ? (zoomed ? ' can-zoom-out' : ' can-zoom-in') : ''}`}
              src={item.src}
              alt={item.title ?? ''}
              title={zoomable ? (zoomed ? L.zoomOut : L.zoomIn) : undefined}
              onLoad={() => setFull(true)}
              onClick={toggle}
              draggable={false}
              data-testid={active ? 'viewer-image' : undefined}
              data-zoomed={active ? String(zoomed) : undefined}
            />
          </>
        )}
      </div>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
      <path
        d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ArrowIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden>
      <path
        d="m9 5 7 7-7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
