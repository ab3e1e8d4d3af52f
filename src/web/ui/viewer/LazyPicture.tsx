import { useEffect, useRef, useState, type CSSProperties, type MouseEvent, type Ref } from 'react';
import type { PictureSources } from './images.ts';

/**
 * The lazy image loader of spec/foundation.md §9 and content.md §4: a picture loads once it comes within 1.5 window
 * heights of the viewport, up to 3 attempts; the last 200 loaded addresses are remembered so a picture seen before
 * shows at once; loads over 2000 ms and failures are logged. Until it loads, the slot keeps its size (width and
 * height) painted in the picture's dominant colour, so nothing on the page jumps.
 */
export const LAZY_MARGIN = '150% 0px';
export const LAZY_CACHE_SIZE = 200;
export const LAZY_ATTEMPTS = 3;
export const LAZY_SLOW_MS = 2000;

const loaded = new Set<string>();
function remember(src: string) {
  loaded.delete(src);
  loaded.add(src);
  // A Set keeps insertion order: the first one is the least recently loaded.
  const oldest = loaded.values().next();
  if (loaded.size > LAZY_CACHE_SIZE && !oldest.done) loaded.delete(oldest.value);
}

/** One observer for every picture on the page. */
let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, () => void>();
function observe(el: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (records) => {
      for (const r of records) {
        if (!r.isIntersecting) continue;
        waiting.get(r.target)?.();
        waiting.delete(r.target);
        observer?.unobserve(r.target);
      }
    },
    { rootMargin: LAZY_MARGIN },
  );
  waiting.set(el, onNear);
  observer.observe(el);
  return () => {
    waiting.delete(el);
    observer?.unobserve(el);
  };
}

export interface LazyPictureProps {
  sources: PictureSources;
  width: number;
  height: number;
  color?: string;
  /** A picture narrower than its slot keeps its own width instead of being blown up. */
  maxWidth?: number;
  alt: string;
  className?: string;
  /** The picture is a button that opens the viewer. */
  onOpen?(e: MouseEvent): void;
  label?: string;
}

export function LazyPicture({
  sources,
  width,
  height,
  color,
  maxWidth,
  alt,
  className,
  onOpen,
  label,
}: LazyPictureProps) {
  const ref = useRef<HTMLElement>(null);
  const key = sources.videoSrc ?? sources.src;
  const [near, setNear] = useState(() => loaded.has(key));
  const [done, setDone] = useState(() => loaded.has(key));
  const [attempt, setAttempt] = useState(0);
  const started = useRef(0);

  useEffect(() => {
    if (near || !ref.current) return;
    return observe(ref.current, () => setNear(true));
  }, [near]);
  useEffect(() => {
    if (near) started.current = performance.now();
  }, [near, attempt]);

  const onLoad = () => {
    const ms = performance.now() - started.current;
    if (ms > LAZY_SLOW_MS) console.warn(`image loaded in ${Math.round(ms)} ms`, key);
    remember(key);
    setDone(true);
  };
  const onError = () => {
    if (attempt + 1 < LAZY_ATTEMPTS) setAttempt(attempt + 1);
    else console.error('loading error', key);
  };

  const style: CSSProperties = {
    aspectRatio: `${width} / ${height}`,
    ...(color ? { backgroundColor: `#${color}` } : {}),
    ...(maxWidth ? { maxWidth } : {}),
  };
  const media = sources.videoSrc ? (
    <video
      key={attempt}
      className="lazy-media-item"
      src={near ? sources.videoSrc : undefined}
      poster={near ? sources.src : undefined}
      width={width}
      height={height}
      muted
      loop
      autoPlay
      playsInline
      preload="none"
      onLoadedData={onLoad}
      onError={near ? onError : undefined}
      aria-label={alt || undefined}
    />
  ) : (
    <picture key={attempt}>
      {near && sources.webpSrcSet && <source type="image/webp" srcSet={sources.webpSrcSet} />}
      <img
        className="lazy-media-item"
        src={near ? sources.src : undefined}
        srcSet={near ? sources.srcSet : undefined}
        width={width}
        height={height}
        alt={alt}
        decoding="async"
        onLoad={onLoad}
        onError={near ? onError : undefined}
      />
    </picture>
  );
  const classes = `lazy-media${done ? ' is-loaded' : ''}${className ? ` ${className}` : ''}`;
  const noscript = !sources.videoSrc && (
    <noscript>
      <img className="lazy-media-item" src={sources.src} width={width} height={height} alt={alt} />
    </noscript>
  );
  if (onOpen) {
    return (
      <button
        type="button"
        ref={ref as Ref<HTMLButtonElement>}
        className={`${classes} lazy-media--button`}
        style={style}
        onClick={onOpen}
        aria-label={label}
        data-testid="media-open"
      >
        {media}
        {noscript}
      </button>
    );
  }
  return (
    <span ref={ref} className={classes} style={style}>
      {media}
      {noscript}
    </span>
  );
}
