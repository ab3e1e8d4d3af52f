import type { hit } from '../../../shared/api/hits.ts';
import { useEffect, useState } from 'react';
import { reactionsUi } from '../../../shared/catalogue/reactions.ts';
import { compactCount, pluralize } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import { channelName, type HitsEvent } from '../../../shared/realtime.ts';
import { useChannel } from '../realtime/useChannel.ts';
import { EyeIcon } from './icons.tsx';

/**
 * The views of an entry; with `count`, showing it counts this reader's view (once a day, the server decides)
 * and shows the fresh number. Hit errors are ignored silently (spec/content.md §8).
 */
export function HitCounter({ entryId, hits, count = false }: { entryId: number; hits: number; count?: boolean }) {
  const [value, setValue] = useState(hits);
  useEffect(() => setValue(hits), [hits]);
  useEffect(() => {
    if (!count) return;
    let alive = true;
    void call<typeof hit>('GET /hit/:contentId', { contentId: entryId }, { notify: false, authRetry: false }).then(
      (result) => {
        if (alive && result.ok) setValue(result.data.value);
      },
    );
    return () => {
      alive = false;
    };
  }, [entryId, count]);
  // On the entry itself the number moves live (content-hits-{id}).
  useChannel<HitsEvent>(count ? channelName.hits(entryId) : null, (e) => setValue((v) => Math.max(v, e.value)));

  return (
    <span
      className="reaction-views"
      title={pluralize(value, reactionsUi.views)}
      data-testid="hit-counter"
      data-value={value}
    >
      <EyeIcon />
      {compactCount(value)}
    </span>
  );
}
