import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { BOARD_KINDS, type BoardKind } from '../../../shared/board.ts';
import { BOARD_UI, publishItem, rejectItem } from './staff.ts';

/** The test ids of a kind's queue buttons (`job-publish`, `event-publish`). */
const ACTION_IDS = { vacancy: 'job', event: 'event' } satisfies Record<BoardKind, string>;

interface Item {
  id: number;
  url: string;
}

/**
 * Staff's queue of a kind (`/admin/job`, `/admin/events`): items waiting, oldest first, each with its card and the start
 * of its text; publish, or reject with a reason (the `{kind}_reject` modal). The list reloads after each decision.
 */
export function BoardQueue<T extends Item>({
  kind,
  items,
  card,
  text,
}: {
  kind: BoardKind;
  items: T[];
  card: (item: T) => ReactNode;
  text: (item: T) => string;
}) {
  const t = BOARD_UI[kind];
  const list = BOARD_KINDS[kind].widget;
  const action = ACTION_IDS[kind];
  const revalidator = useRevalidator();
  const done = (ok: boolean) => ok && void revalidator.revalidate();
  return (
    <div className="page">
      <h1 className="page-title">{t.queueTitle}</h1>
      {items.length === 0 && <p className="feed-empty">{t.queueEmpty}</p>}
      <ul className="job-queue" data-testid={`${list}-queue`}>
        {items.map((item) => (
          <li key={item.id} className="job-queue__item" data-testid={`${list}-queue-item`} data-id={item.id}>
            {card(item)}
            <p className="job-queue__text">{text(item).slice(0, 400)}</p>
            <div className="vacancy-actions">
              <button
                type="button"
                className="btn btn-primary btn-small"
                data-testid={`${action}-publish`}
                onClick={async () => done(await publishItem(kind, item.id))}
              >
                {t.publish}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                data-testid={`${action}-reject`}
                onClick={async () => done(await rejectItem(kind, item.id))}
              >
                {t.reject}
              </button>
              <Link to={item.url} className="btn btn-secondary btn-small">
                {t.description}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
