import type * as eventsApi from '../../../shared/api/events.ts';
import type * as vacanciesApi from '../../../shared/api/vacancies.ts';
import { BOARD_KINDS, type BoardKind } from '../../../shared/board.ts';
import { eventsUi } from '../../../shared/catalogue/events.ts';
import { vacanciesUi } from '../../../shared/catalogue/vacancies.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';

/** Texts of a board kind's pages (vacancies at /job, events at /events). */
export const BOARD_UI = { vacancy: vacanciesUi, event: eventsUi } satisfies Record<BoardKind, unknown>;

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
