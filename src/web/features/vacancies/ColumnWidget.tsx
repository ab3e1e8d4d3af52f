import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useRevealList } from '../../lib/use-reveal.ts';

interface WidgetData<T> {
  items: T[];
  town: { name: string } | null;
  is_finished: boolean;
}

interface Texts {
  title: string;
  all: string;
  loading: string;
  empty: string;
  more: string;
  moreLabel: string;
}

/**
 * A right-column list widget (vacancies, events): its title with the town, a link to the whole list, the items, and
 * "+5" while more remain. Loaded lazily (`useRevealList`); `load(offset, shown)` asks the widget's route.
 */
export function ColumnWidget<T extends { id: number }, D extends WidgetData<T>>({
  texts,
  href,
  testId,
  load,
  reloadKey,
  render,
  inShell = false,
}: {
  texts: Texts;
  href: string;
  testId: string;
  load: (offset: number, shown: D | null) => Promise<D | null>;
  reloadKey: unknown;
  render: (item: T) => ReactNode;
  /**
   * In the shell's right column (layout/ColumnWidgets.tsx): no landmark of its own (the column is one, and a subsite's
   * page has its own block of the same name), and nothing shown once it knows there is nothing; the boards' pages
   * name it and say so instead.
   */
  inShell?: boolean;
}) {
  const { box, data, busy, more } = useRevealList<D>(load, reloadKey);
  if (inShell && data && data.items.length === 0) return null;
  return (
    <section ref={box} className="job-widget" data-testid={testId} aria-label={inShell ? undefined : texts.title}>
      <header className="job-widget__head">
        <h2 className="job-widget__title">
          {texts.title}
          {data?.town && <span className="job-widget__town"> · {data.town.name}</span>}
        </h2>
        <Link to={href} className="job-widget__all">
          {texts.all}
        </Link>
      </header>
      {!data && <p className="job-widget__empty">{texts.loading}</p>}
      {data && data.items.length === 0 && <p className="job-widget__empty">{texts.empty}</p>}
      {data?.items.map(render)}
      {data && !data.is_finished && (
        <button
          type="button"
          className="btn btn-secondary btn-small job-widget__more"
          onClick={more}
          disabled={busy}
          aria-label={texts.moreLabel}
          data-testid={`${testId}-more`}
        >
          {texts.more}
        </button>
      )}
    </section>
  );
}
