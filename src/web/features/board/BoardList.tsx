import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import type { storeLocation, TownData } from '../../../shared/api/vacancies.ts';
import { BOARD_KINDS, BOARD_UI, type BoardKind } from '../../../shared/board.ts';
import { call } from '../../api/call.ts';
import { TownField } from '../vacancies/TownField.tsx';
import { boardHref } from './filters.ts';

/** The list pages of a kind (`/job`, `/events`): their filter panel and the reader's own items. */

interface Filters {
  q?: string;
  town_id?: number;
  subsite_id?: number;
}

/**
 * The filter panel of a kind's list (`/job`, `/events`): a search, the town and the kind's own fields (`children`),
 * sent as the page's address. A picked town is remembered for the next visit (a cookie or the person's settings) and
 * filters at once.
 */
export function BoardFilters({
  kind,
  filters,
  town: initial,
  children,
}: {
  kind: BoardKind;
  filters: Filters;
  town: TownData | null;
  children: ReactNode;
}) {
  const t = BOARD_UI[kind];
  const { path, widget: id } = BOARD_KINDS[kind];
  const navigate = useNavigate();
  const [town, setTown] = useState<TownData | null>(initial);
  useEffect(() => setTown(initial), [initial]);

  async function pickTown(picked: TownData | null) {
    setTown(picked);
    await call<typeof storeLocation>('POST /users/store-location', { city_id: picked?.id ?? 0 }, { notify: false });
    void navigate(boardHref(kind, { ...filters, town_id: picked?.id }));
  }

  return (
    <Form method="get" className="job-filters" data-testid={`${id}-filters`}>
      <input
        type="search"
        name="q"
        className="form-input job-filters__search"
        defaultValue={filters.q ?? ''}
        placeholder={t.searchPlaceholder}
        aria-label={t.search}
        data-testid={`${id}-search`}
      />
      <input type="hidden" name="town_id" value={town?.id ?? 0} />
      {filters.subsite_id && <input type="hidden" name="subsite_id" value={filters.subsite_id} />}
      <div className="job-filters__grid">
        <TownField value={town} onChange={pickTown} testId={`${id}-town`} />
        {children}
      </div>
      <div className="job-filters__actions">
        <button type="submit" className="btn btn-primary" data-testid={`${id}-apply`}>
          {t.apply}
        </button>
        <Link to={`${path}?town_id=0`} className="btn btn-secondary">
          {t.reset}
        </Link>
      </div>
    </Form>
  );
}

/** The reader's own items in every state (the list page's «Мои вакансии», «Мои мероприятия»). */
export function BoardMine<T extends { id: number }>({
  kind,
  title,
  items,
  card,
}: {
  kind: BoardKind;
  title: string;
  items: T[];
  card: (item: T) => ReactNode;
}) {
  return (
    <section className="job-mine" data-testid={`${BOARD_KINDS[kind].widget}-mine`}>
      <h2 className="job-widget__title">{title}</h2>
      {items.length === 0 && <p className="job-widget__empty">{BOARD_UI[kind].mineEmpty}</p>}
      {items.map(card)}
    </section>
  );
}
