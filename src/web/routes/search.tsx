import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import type { Route } from './+types/search';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { formatNumber, relativeTime } from '../../shared/format.ts';
import type { HashtagItem } from '../../shared/hashtags.ts';
import {
  SEARCH_ENTITIES,
  SEARCH_MAX_PAGE,
  SEARCH_ORDERS,
  SEARCH_PERIODS,
  SEARCH_QUERY_MAX,
  searchPageUrl,
  type SearchComment,
  type SearchEntity,
  type SearchEntry,
  type SearchEvent,
  type SearchOrder,
  type SearchPage,
  type SearchPeriod,
  type SearchSubsite,
  type SearchVacancy,
} from '../../shared/search.ts';
import { Avatar } from '../ui/Avatar.tsx';
import '../features/vacancies/vacancies.css';
import { VacancyCard } from '../features/vacancies/VacancyCard.tsx';
import '../features/events/events.css';
import { EventCard } from '../features/events/EventCard.tsx';
import { searchCall } from '../features/search/calls.ts';
import { rememberSearch } from '../features/search/recent.ts';

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;

/** `/search?query=…&type=…&order=…&period=…`: the first page comes with the HTML, the rest as one scrolls. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const query = (params.get('query') ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX);
  const entity = oneOf(SEARCH_ENTITIES, params.get('type'), 'entries');
  const order = oneOf(SEARCH_ORDERS, params.get('order'), 'relevant');
  const period = oneOf(SEARCH_PERIODS, params.get('period'), 'all');
  const page: SearchPage = query
    ? await services.search.first({ query, entity, order, period })
    : { items: [], is_finished: true };
  return { query, entity, order, period, page, now: Date.now() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.query ? ui.search.titleFor(loaderData.query) : ui.search.title;
  return [{ title: `${title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

/** Server text with only `<mark>` as markup (escaped in src/server/modules/search/service.ts). */
const Marked = ({ html, className }: { html: string; className?: string }) => (
  <span className={className} dangerouslySetInnerHTML={{ __html: html }} />
);

function EntryResult({ item, now }: { item: SearchEntry; now: number }) {
  return (
    <article className="search-result" data-testid="search-result" data-id={item.id}>
      <div className="search-result__meta">
        <Avatar name={item.subsite.name} color={item.subsite.avatar_color} url={item.subsite.avatar_url} size={24} />
        <Link to={item.subsite.url}>{item.subsite.name}</Link>
        {item.subsite.id !== item.author.id && <Link to={item.author.url}>{item.author.name}</Link>}
        <time dateTime={item.date}>{relativeTime(item.date, now)}</time>
      </div>
      <Link to={item.url} className="search-result__title">
        <Marked html={item.title_html || item.title} />
      </Link>
      {item.snippet_html && (
        <p className="search-result__snippet">
          <Marked html={item.snippet_html} />
        </p>
      )}
    </article>
  );
}

function CommentResult({ item, now }: { item: SearchComment; now: number }) {
  return (
    <article className="search-result" data-testid="search-result" data-id={item.id}>
      <div className="search-result__meta">
        <Avatar name={item.author.name} color={item.author.avatar_color} url={item.author.avatar_url} size={24} />
        <Link to={item.author.url}>{item.author.name}</Link>
        <time dateTime={item.date}>{relativeTime(item.date, now)}</time>
      </div>
      <Link to={item.url} className="search-result__snippet" style={{ display: 'block', marginTop: 8 }}>
        <Marked html={item.text_html} />
      </Link>
      <Link to={item.entry.url} className="search-result__entry">
        {ui.search.inEntry} «{item.entry.title}»
      </Link>
    </article>
  );
}

function SubsiteResult({ item }: { item: SearchSubsite }) {
  return (
    <article className="search-result search-result--subsite" data-testid="search-result" data-id={item.id}>
      <Avatar name={item.name} color={item.avatar_color} url={item.avatar_url} size={40} />
      <div>
        <Link to={item.url} className="search-result__name">
          <Marked html={item.name_html} />
        </Link>
        <div className="search-result__about">
          {item.description ? `${item.description} · ` : ''}
          {formatNumber(item.subscribers_count)} {ui.search.subscribers}
        </div>
      </div>
    </article>
  );
}

function HashtagResult({ item }: { item: HashtagItem }) {
  return (
    <article className="search-result search-result--subsite" data-testid="search-result" data-id={item.name}>
      <div>
        <Link to={item.url} className="search-result__name">
          #{item.name}
        </Link>
        <div className="search-result__about">
          {formatNumber(item.count)} {ui.search.entriesCount}
        </div>
      </div>
    </article>
  );
}

function Result({ entity, item, now }: { entity: SearchEntity; item: SearchPage['items'][number]; now: number }) {
  if (entity === 'entries') return <EntryResult item={item as SearchEntry} now={now} />;
  if (entity === 'comments') return <CommentResult item={item as SearchComment} now={now} />;
  if (entity === 'hashtags') return <HashtagResult item={item as HashtagItem} />;
  if (entity === 'vacancies')
    return (
      <div className="search-result" data-testid="search-result" data-id={(item as SearchVacancy).id}>
        <VacancyCard v={item as SearchVacancy} now={now} />
      </div>
    );
  if (entity === 'events')
    return (
      <div className="search-result" data-testid="search-result" data-id={(item as SearchEvent).id}>
        <EventCard e={item as SearchEvent} now={now} />
      </div>
    );
  return <SubsiteResult item={item as SearchSubsite} />;
}

const keyOf = (item: SearchPage['items'][number]) => ('id' in item ? item.id : item.name);

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { query, entity, order, period, now } = loaderData;
  // A new query, tab, order or period starts a new list (its state must not outlive the tab it was made for).
  return (
    <SearchBody
      key={`${entity}|${order}|${period}|${query}`}
      query={query}
      entity={entity}
      order={order}
      period={period}
      now={now}
      page={loaderData.page}
    />
  );
}

function SearchBody({
  query,
  entity,
  order,
  period,
  now,
  page,
}: {
  query: string;
  entity: SearchEntity;
  order: SearchOrder;
  period: SearchPeriod;
  now: number;
  page: SearchPage;
}) {
  const navigate = useNavigate();
  const [items, setItems] = useState(page.items);
  const [next, setNext] = useState(2);
  const [finished, setFinished] = useState(page.is_finished);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (query) rememberSearch(query);
  }, [query]);

  async function more(retry = false) {
    if (loading || finished || (failed && !retry) || !query) return;
    setLoading(true);
    const result = await searchCall(entity, order, next, { query, period });
    setLoading(false);
    if (!result.ok) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setItems((prev) => {
      const seen = new Set(prev.map(keyOf));
      return [...prev, ...result.data.items.filter((i) => !seen.has(keyOf(i)))];
    });
    setNext(next + 1);
    setFinished(result.data.is_finished || next >= SEARCH_MAX_PAGE);
  }

  // "Show more" presses itself when the end of the list comes within two screens.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || finished) return;
    const observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && more(), {
      rootMargin: '200% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  });

  const url = (change: { entity?: SearchEntity; order?: SearchOrder; period?: SearchPeriod }) =>
    searchPageUrl({ query, entity, order, period, ...change });

  return (
    <div className="search-page" data-testid="search-page">
      <h1 className="visually-hidden">{ui.search.title}</h1>
      <Form method="get" action="/search" className="search-page__form" role="search">
        <input
          key={query}
          name="query"
          type="search"
          className="search-page__input"
          defaultValue={query}
          placeholder={ui.search.placeholder}
          aria-label={ui.search.label}
          maxLength={SEARCH_QUERY_MAX}
          data-testid="search-page-input"
        />
        {entity !== 'entries' && <input type="hidden" name="type" value={entity} />}
        <button type="submit" className="btn btn-primary">
          {ui.search.submit}
        </button>
      </Form>
      {query && (
        <>
          <nav className="search-page__tabs" aria-label={ui.search.title}>
            {SEARCH_ENTITIES.map((e) => (
              <Link
                key={e}
                to={url({ entity: e })}
                className="search-page__tab"
                aria-current={e === entity ? 'page' : undefined}
                data-testid={`search-tab-${e}`}
              >
                {ui.search.tabs[e]}
              </Link>
            ))}
          </nav>
          <div className="search-page__filters">
            <select
              aria-label={ui.search.sortLabel}
              value={order}
              onChange={(e) => navigate(url({ order: e.target.value as SearchOrder }))}
              data-testid="search-order"
            >
              {SEARCH_ORDERS.map((o) => (
                <option key={o} value={o}>
                  {ui.search.orders[o]}
                </option>
              ))}
            </select>
            {(entity === 'entries' || entity === 'comments') && (
              <select
                aria-label={ui.search.periodLabel}
                value={period}
                onChange={(e) => navigate(url({ period: e.target.value as SearchPeriod }))}
                data-testid="search-period"
              >
                {SEARCH_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {ui.search.periods[p]}
                  </option>
                ))}
              </select>
            )}
          </div>
        </>
      )}
      {!query && <p className="search-page__note">{ui.search.empty}</p>}
      {query && !items.length && (
        <p className="search-page__note" data-testid="search-empty">
          {ui.search.nothingFound}
        </p>
      )}
      <div data-testid="search-results" data-entity={entity}>
        {items.map((item) => (
          <Result key={keyOf(item)} entity={entity} item={item} now={now} />
        ))}
      </div>
      {query && items.length > 0 && (
        <div ref={sentinel} className="search-page__note">
          {failed ? (
            <button type="button" className="btn btn-secondary" onClick={() => more(true)}>
              {ui.search.more}
            </button>
          ) : finished ? (
            ui.search.end
          ) : loading ? (
            ui.search.loading
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => more()}>
              {ui.search.more}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
