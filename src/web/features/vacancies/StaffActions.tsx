import type { publish, reject, unpublish } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { call } from '../../api/call.ts';
import { openModal, type ModalKind } from '../../ui/overlays/modal.tsx';

interface ReasonTexts {
  rejectTitle: string;
  rejectText: string;
  rejectReasonLabel: string;
  reject: string;
}

/** The reject modal (`vacancy_reject`, `event_reject`): the reason staff typed, null when they cancelled. */
export async function askRejectReason(kind: ModalKind, texts: ReasonTexts): Promise<string | null> {
  const { status, data } = await openModal({
    kind,
    title: texts.rejectTitle,
    text: texts.rejectText,
    reasonLabel: texts.rejectReasonLabel,
    confirmLabel: texts.reject,
    danger: true,
  });
  return status ? String(data.reason_text ?? '') : null;
}

/** Asks before taking something off: a confirmation for its author, a reason for staff. Null when cancelled. */
export async function askUnpublish(title: string, confirm: string, byStaff: boolean): Promise<string | null> {
  const { status, data } = await openModal({
    kind: byStaff ? 'unpublish' : 'confirm',
    title,
    ...(byStaff ? { reasonLabel: t.rejectReasonLabel } : {}),
    confirmLabel: confirm,
    danger: true,
  });
  if (!status) return null;
  return byStaff ? String(data.reason_text ?? '') : '';
}

/** Staff publish a waiting vacancy. Resolves true when done. */
export async function publishVacancy(id: number) {
  return (await call<typeof publish>('POST /job/:id/publish', { id })).ok;
}

/** Staff reject one with a reason (the `vacancy_reject` modal; Ctrl/Meta+Enter confirms). */
export async function rejectVacancy(id: number) {
  const reason = await askRejectReason('vacancy_reject', t);
  if (reason === null) return false;
  return (await call<typeof reject>('POST /job/:id/reject', { id, reason_text: reason })).ok;
}

/** Its author takes it off after a confirmation; staff say why (the reason modal). */
export async function unpublishVacancy(id: number, byStaff: boolean) {
  const reason = await askUnpublish(t.unpublishConfirm, t.unpublish, byStaff);
  if (reason === null) return false;
  return (await call<typeof unpublish>('POST /job/:id/unpublish', { id, ...(reason ? { reason_text: reason } : {}) }))
    .ok;
}
