import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import type * as eventsApi from '../../../shared/api/events.ts';
import type * as vacanciesApi from '../../../shared/api/vacancies.ts';
import { BOARD_KINDS, BOARD_UI, type BoardKind } from '../../../shared/board.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';

/**
 * What is done to a vacancy or an event after posting: staff publish or reject it, its author or staff take it off.
 * The calls with their modals, the buttons of the item's page (`BoardActions`) and staff's queue (`BoardQueue`), in
 * one module so that the pages using any of them load one piece of code.
 */

/** The staff contracts of either kind (shared/api/board.ts): the same input, each under its own path. */
type Staff = typeof vacanciesApi | typeof eventsApi;

/** The reject modal (`vacancy_reject`, `event_reject`): the reason staff typed, null when they cancelled. */
async function askRejectReason(kind: BoardKind): Promise<string | null> {
  const t = BOARD_UI[kind];
  const { status, data } = await openModal({
    kind: `${kind}_reject`,
    title: t.rejectTitle,
    text: t.rejectText,
    reasonLabel: t.rejectReasonLabel,
    confirmLabel: t.reject,
    danger: true,
  });
  return status ? String(data.reason_text ?? '') : null;
}

/** Asks before taking something off: a confirmation for its author, a reason for staff. Null when cancelled. */
async function askUnpublish(kind: BoardKind, byStaff: boolean): Promise<string | null> {
  const t = BOARD_UI[kind];
  const { status, data } = await openModal({
    kind: byStaff ? 'unpublish' : 'confirm',
    title: t.unpublishConfirm,
    ...(byStaff ? { reasonLabel: t.rejectReasonLabel } : {}),
    confirmLabel: t.unpublish,
    danger: true,
  });
  if (!status) return null;
  return byStaff ? String(data.reason_text ?? '') : '';
}

/** Staff publish a waiting item. Resolves true when done. */
export async function publishItem(kind: BoardKind, id: number) {
  return (await call<Staff['publish']>(`POST ${BOARD_KINDS[kind].path}/:id/publish`, { id })).ok;
}

/** Staff reject one with a reason (the `{kind}_reject` modal; Ctrl/Meta+Enter confirms). */
export async function rejectItem(kind: BoardKind, id: number) {
  const reason = await askRejectReason(kind);
  if (reason === null) return false;
  return (await call<Staff['reject']>(`POST ${BOARD_KINDS[kind].path}/:id/reject`, { id, reason_text: reason })).ok;
}

/** Its author takes it off after a confirmation; staff say why (the reason modal). */
export async function unpublishItem(kind: BoardKind, id: number, byStaff: boolean) {
  const reason = await askUnpublish(kind, byStaff);
  if (reason === null) return false;
  const input = { id, ...(reason ? { reason_text: reason } : {}) };
  return (await call<Staff['unpublish']>(`POST ${BOARD_KINDS[kind].path}/:id/unpublish`, input)).ok;
}

interface Item {
  id: number;
  author_id: number;
  can_edit: boolean;
  can_unpublish: boolean;
  can_moderate: boolean;
}

/**
 * A vacancy's or an event's own page: what the reader may do with it (its author edits, staff publish or reject, either
 * takes it off; `byStaff`: staff acting on someone else's, who say why). The page reloads its data after each.
 */
export function BoardActions({ kind, item, byStaff }: { kind: BoardKind; item: Item; byStaff: boolean }) {
  const t = BOARD_UI[kind];
  const revalidator = useRevalidator();
  const done = (ok: boolean) => ok && void revalidator.revalidate();
  if (!item.can_edit && !item.can_unpublish && !item.can_moderate) return null;
  return (
    <div className="vacancy-actions" data-testid={`${kind}-actions`}>
      {item.can_edit && (
        <Link to={`${BOARD_KINDS[kind].path}/${item.id}/edit`} className="btn btn-secondary">
          {t.edit}
        </Link>
      )}
      {item.can_moderate && (
        <>
          <button
            type="button"
            className="btn btn-primary"
            onClick={async () => done(await publishItem(kind, item.id))}
          >
            {t.publish}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={async () => done(await rejectItem(kind, item.id))}
          >
            {t.reject}
          </button>
        </>
      )}
      {item.can_unpublish && (
        <button
          type="button"
          className="btn btn-secondary"
          data-testid={`${kind}-unpublish`}
          onClick={async () => done(await unpublishItem(kind, item.id, byStaff))}
        >
          {t.unpublish}
        </button>
      )}
    </div>
  );
}

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
