import { useEffect, useState } from 'react';
import type { who, WhoReposted as WhoData } from '../../../shared/api/reposts.ts';
import { whoRepostedUi as t } from '../../../shared/catalogue/reposts-who.ts';
import { call } from '../../api/call.ts';
import { PageLink } from '../../ui/PageLink.tsx';

/**
 * The entry page's list of who reposted it (loaded with the page's other extras, only when its count is above zero):
 * each reposter, and the community when the repost went into one; the rest as «и ещё N».
 */
export default function WhoReposted({ entryId }: { entryId: number }) {
  const [data, setData] = useState<WhoData | null>(null);
  useEffect(() => {
    let alive = true;
    void call<typeof who>('GET /reposts/entry/:id', { id: entryId }, { notify: false }).then((r) => {
      if (alive && r.ok) setData(r.data);
    });
    return () => {
      alive = false;
    };
  }, [entryId]);
  if (!data || data.items.length === 0) return null;
  const rest = data.count - data.items.length;
  return (
    <section className="who-reposted" data-testid="who-reposted" aria-label={t.who}>
      <span className="who-reposted__title">{t.who}:</span>
      <ul className="who-reposted__list">
        {data.items.map((r) => (
          <li key={r.id} data-testid="who-reposted-item">
            <PageLink to={r.by.url}>{r.by.name}</PageLink>
            {r.subsite.id !== r.by.id && (
              <>
                {' '}
                {t.into} <PageLink to={r.subsite.url}>{r.subsite.name}</PageLink>
              </>
            )}
          </li>
        ))}
        {rest > 0 && <li>{t.andMore(rest)}</li>}
      </ul>
    </section>
  );
}
