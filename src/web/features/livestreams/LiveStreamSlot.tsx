import { lazy, Suspense } from 'react';
import type { LiveStreamCard } from '../../../shared/api/livestreams.ts';

// A page without a stream (most pages) carries none of its code: the card, and the player behind it, come with one.
const Card = lazy(() => import('./LiveStreamCard.tsx'));

/**
 * The layout's livestream slot (spec/content.md §2 `livestream`): the stream the server picked for this page (the
 * root loader), if any. Each stream starts anew: another page's stream is another card.
 */
export function LiveStreamSlot({ stream }: { stream: LiveStreamCard | null }) {
  return (
    stream && (
      <Suspense>
        <Card key={stream.key} stream={stream} />
      </Suspense>
    )
  );
}
