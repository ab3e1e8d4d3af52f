import { useEffect, useState } from 'react';
import type { into, mine, RepostCard } from '../../../shared/api/reposts.ts';
import { call } from '../../api/call.ts';

/**
 * The newest reposts of a feed, read after the page is shown: into the subsite of its page, or into the subsites the
 * reader follows on their own feed; none elsewhere.
 */
export function useReposts(source: { subsite_id?: number; my?: 1 }): RepostCard[] {
  const [reposts, setReposts] = useState<RepostCard[]>([]);
  const { subsite_id: subsiteId, my } = source;
  useEffect(() => {
    let alive = true;
    const request =
      subsiteId !== undefined
        ? call<typeof into>('GET /reposts/subsite/:id', { id: subsiteId }, { notify: false })
        : my
          ? call<typeof mine>('GET /reposts/my', {}, { notify: false })
          : null;
    void request?.then((r) => {
      if (alive && r.ok) setReposts(r.data.items);
    });
    return () => {
      alive = false;
    };
  }, [subsiteId, my]);
  return reposts;
}
