import { Link } from 'react-router';
import type { Route } from './+types/rating';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { RATING_KINDS, RATING_PERIODS, type RatingKind, type RatingPeriod } from '../../shared/discovery.ts';
import { formatNumber } from '../../shared/format.ts';
import { Avatar } from '../ui/Avatar.tsx';

const t = ui.discovery.rating;
const pick = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : fallback;

/** `/rating?kind=users|subsites&period=week|month|all`: people and communities by the votes they received. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const q = new URL(request.url).searchParams;
  const kind = pick<RatingKind>(RATING_KINDS, q.get('kind'), 'users');
  const period = pick<RatingPeriod>(RATING_PERIODS, q.get('period'), 'month');
  return { list: await services.discovery.rating(kind, period) };
}

export const meta = () => [{ title: `${t.title} — ${ui.siteName}` }];

export default function RatingPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const href = (kind: RatingKind, period: RatingPeriod) => `/rating?kind=${kind}&period=${period}`;
  return (
    <div className="disc-page" data-testid="rating-page" data-kind={list.kind} data-period={list.period}>
      <section className="disc-card">
        <h1 className="disc-title">{t.title}</h1>
        <nav className="disc-tabs" aria-label={t.kindsLabel}>
          {RATING_KINDS.map((k) => (
            <Link
              key={k}
              to={href(k, list.period)}
              className="disc-tab"
              aria-current={k === list.kind ? 'page' : undefined}
            >
              {t[k]}
            </Link>
          ))}
        </nav>
        <nav className="disc-tabs" aria-label={t.periodsLabel}>
          {RATING_PERIODS.map((p) => (
            <Link
              key={p}
              to={href(list.kind, p)}
              className="disc-tab"
              aria-current={p === list.period ? 'page' : undefined}
              data-testid="rating-period"
            >
              {t.periods[p]}
            </Link>
          ))}
        </nav>
      </section>
      <section className="disc-card">
        {list.items.length ? (
          <ol className="disc-list">
            {list.items.map((it) => (
              <li key={it.subsite.id} className="disc-row" data-testid="rating-row">
                <span className="disc-place">{it.place}</span>
                <Link to={it.subsite.url} className="disc-name">
                  <Avatar
                    name={it.subsite.name}
                    color={it.subsite.avatar_color}
                    url={it.subsite.avatar_url}
                    size={32}
                  />
                  <span>{it.subsite.name}</span>
                </Link>
                <span className={`disc-score${it.rating < 0 ? ' disc-score--neg' : ''}`}>
                  {it.rating > 0 ? '+' : ''}
                  {formatNumber(it.rating)}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="disc-empty">{t.empty}</p>
        )}
      </section>
    </div>
  );
}
