import { useEffect, useRef, useState } from 'react';
import { commentsUi as L } from '../../../shared/catalogue/comments.ts';
import { mediaUrl, type MediaImage } from '../../../shared/media.ts';
import { mediaBaseUrl } from '../../lib/media.ts';

/** How wide a gif shows in a comment, at most (CSS pixels). */
const GIF_WIDTH = 320;

/**
 * A gif as the site serves gifs: its mp4, muted and looping, with its first frame as the poster. It starts by itself
 * only when the reader has not asked for less motion (prefers-reduced-motion); then it waits, with controls, for a
 * press. The server renders it paused; the browser decides.
 */
export function GifVideo({ gif }: { gif: Pick<MediaImage, 'uuid' | 'width' | 'height' | 'color'> }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [still, setStill] = useState(false);
  const base = mediaBaseUrl();
  const width = Math.min(GIF_WIDTH, gif.width || GIF_WIDTH);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    setStill(reduce);
    if (!reduce) void video.play().catch(() => setStill(true));
  }, [gif.uuid]);

  return (
    <video
      ref={ref}
      className="gif-video"
      data-testid="gif-video"
      src={mediaUrl(base, gif.uuid, { format: 'mp4' })}
      poster={mediaUrl(base, gif.uuid, { width, format: 'jpg' })}
      width={width}
      height={gif.width ? Math.round((gif.height * width) / gif.width) : undefined}
      style={/^[0-9a-f]{6}$/i.test(gif.color) ? { backgroundColor: `#${gif.color}` } : undefined}
      muted
      loop
      playsInline
      preload="metadata"
      controls={still}
      aria-label={still ? L.gifPlay : L.gifLabel}
    />
  );
}
