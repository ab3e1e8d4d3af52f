import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import type { Route } from './+types/drafts';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import type { DraftItem, DraftsList } from '../../shared/drafts.ts';
import { relativeTime, typograph } from '../../shared/format.ts';
import type { drafts } from '../../shared/api/entries.ts';
import { call } from '../api/call.ts';
import { usePopupOpen } from '../ui/overlays/popup.tsx';
import { openEditor } from '../features/editor/open.ts';
import { removeEntry } from '../features/history/lifecycle.ts';
import { RejectionNote, ReviewBadge } from '../features/entries/ReviewState.tsx';
import '../features/editor/drafts.css';

const L = ui.writing.drafts;

/** `/drafts`: the signed-in author's unpublished entries; an anonymous visitor gets the 401 page and the sign-in popup. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const first = await services.entries.drafts();
  if (!first) throw data(null, { status: 401 });
  return { first, now: Date.now() };
}

export function meta() {
  return [{ title: `${L.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

/** A plain click opens the editor popup over the list; the address still works in a new tab or without scripts. */
function continueIn(id: number) {
  return (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openEditor({ id });
  };
}

function DraftCard({ draft, now, onRemoved }: { draft: DraftItem; now: number; onRemoved(id: number): void }) {
  const href = `/writing/${draft.id}`;
  async function remove() {
    if (await removeEntry(draft, { title: L.removeTitle, text: L.removeText })) onRemoved(draft.id);
  }
  return (
    <article className="draft" data-testid="draft" data-id={draft.id}>
      <a
        href={href}
        className={`draft__title${draft.title ? '' : ' draft__title--empty'}`}
        onClick={continueIn(draft.id)}
      >
        {draft.title ? typograph(draft.title) : L.untitled}
      </a>
      {draft.intro && <p className="draft__intro">{draft.intro}</p>}
      <RejectionNote review={draft} />
      <div className="draft__foot">
        <span className="draft__meta">
          <ReviewBadge review={draft} /> {L.changed} <time dateTime={draft.date}>{relativeTime(draft.date, now)}</time>
          {' · '}
          <Link to={draft.subsite.url} className="draft__subsite">
            {draft.subsite.name}
          </Link>
        </span>
        <span className="draft__actions">
          <button
            type="button"
            className="btn btn-secondary btn-small draft__remove"
            onClick={remove}
            data-testid="draft-remove"
          >
            {L.remove}
          </button>
          <a
            href={href}
            className="btn btn-primary btn-small"
            onClick={continueIn(draft.id)}
            data-testid="draft-continue"
          >
            {L.continue}
          </a>
        </span>
      </div>
    </article>
  );
}

/** The list from the loader, its further pages and local removals. */
function DraftList({ first, now }: { first: DraftsList; now: number }) {
  const [items, setItems] = useState(first.items);
  const [cursor, setCursor] = useState(first);
  const [loading, setLoading] = useState(false);

  async function more() {
    if (loading || cursor.is_finished || cursor.last_id === null) return;
    setLoading(true);
    const res = await call<typeof drafts>('GET /writing/drafts', { last_id: cursor.last_id });
    setLoading(false);
    if (!res.ok) return;
    setItems((prev) => [...prev, ...res.data.items.filter((d) => !prev.some((p) => p.id === d.id))]);
    setCursor(res.data);
  }

  if (!items.length)
    return (
      <p className="drafts__empty" data-testid="drafts-empty">
        {L.empty}
      </p>
    );
  return (
    <>
      {items.map((d) => (
        <DraftCard
          key={d.id}
          draft={d}
          now={now}
          onRemoved={(id) => setItems((prev) => prev.filter((p) => p.id !== id))}
        />
      ))}
      {!cursor.is_finished && (
        <button
          type="button"
          className="btn btn-secondary drafts__more"
          onClick={more}
          disabled={loading}
          data-testid="drafts-more"
        >
          {L.loadMore}
        </button>
      )}
    </>
  );
}

export default function Drafts({ loaderData }: Route.ComponentProps) {
  const { first, now } = loaderData;
  // Closing the editor over the list reloads it: the draft may have a new title, moved up or been published.
  const editing = usePopupOpen();
  const wasEditing = useRef(false);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (wasEditing.current && !editing) void revalidate();
    wasEditing.current = editing;
  }, [editing, revalidate]);

  return (
    <div className="drafts" data-testid="drafts">
      <div className="drafts__head">
        <h1 className="drafts__title">{L.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => openEditor()} data-testid="drafts-write">
          {L.write}
        </button>
      </div>
      <DraftList key={now} first={first} now={now} />
    </div>
  );
}
