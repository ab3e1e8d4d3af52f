import { useEffect, useRef, useState } from 'react';
import type { into, mine, RepostCard } from '../../../shared/api/reposts.ts';
import { REPOSTS_PAGE } from '../../../shared/feed.ts';
import { call } from '../../api/call.ts';

type Source = { subsite_id?: number; my?: 1 };

const readPage = (source: Source, before?: number) =>
  source.subsite_id !== undefined
    ? call<typeof into>(
        'GET /reposts/subsite/:id',
        { id: source.subsite_id, ...(before ? { before } : {}) },
        {
          notify: false,
        },
      )
    : source.my
      ? call<typeof mine>('GET /reposts/my', before ? { before } : {}, { notify: false })
      : null;

/**
 * A feed's reposts, read after the page is shown: into the subsite of its page, or into the subsites the reader
 * follows on their own feed; none elsewhere. The newest page first; the next page (`before` the last repost) while
 * scrolling, once the loaded cards reach back past the last repost read (`oldest`: the oldest loaded card's date), or
 * when the feed is finished.
 */
export function useReposts(source: Source, oldest: string | null, finished: boolean): RepostCard[] {
  const [reposts, setReposts] = useState<RepostCard[]>([]);
  const [more, setMore] = useState(false);
  /** Which feed the kept reposts are of: a next page that comes back for another feed is dropped. */
  const feedKey = useRef('');
  const { subsite_id: subsiteId, my } = source;
  useEffect(() => {
    let alive = true;
    feedKey.current = `${subsiteId}/${my}`;
    setReposts([]);
    setMore(false);
    void readPage({ subsite_id: subsiteId, my })?.then((r) => {
      if (!alive || !r.ok) return;
      setReposts(r.data.items);
      setMore(r.data.items.length >= REPOSTS_PAGE);
    });
    return () => {
      alive = false;
    };
  }, [subsiteId, my]);

  const last = reposts.at(-1);
  const due =
    more && last !== undefined && (finished || (oldest !== null && Date.parse(oldest) < Date.parse(last.date)));
  useEffect(() => {
    if (!due || !last) return;
    const key = feedKey.current;
    setMore(false);
    void readPage({ subsite_id: subsiteId, my }, last.id)?.then((r) => {
      if (feedKey.current !== key || !r.ok) return;
      setReposts((was) => [...was, ...r.data.items.filter((n) => !was.some((o) => o.id === n.id))]);
      setMore(r.data.items.length >= REPOSTS_PAGE);
    });
  }, [due, last, subsiteId, my]);
  return reposts;
}
