import { lazy, Suspense } from 'react';
import type { MediaImage } from '../../../shared/media.ts';

const GifVideo = lazy(() => import('./GifVideo.tsx').then((m) => ({ default: m.GifVideo })));

/** A comment's gif, its player a chunk of its own: most discussions have none, and an entry page's code is budgeted. */
export function LazyGifVideo({ gif }: { gif: Pick<MediaImage, 'uuid' | 'width' | 'height' | 'color'> }) {
  return (
    <Suspense fallback={null}>
      <GifVideo gif={gif} />
    </Suspense>
  );
}
