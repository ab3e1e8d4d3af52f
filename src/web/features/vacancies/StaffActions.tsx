import type { publish, reject, unpublish } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';

/** Staff publish a waiting vacancy. Resolves true when done. */
export async function publishVacancy(id: number) {
  return (await call<typeof publish>('POST /job/:id/publish', { id })).ok;
}

/** Staff reject one with a reason (the `vacancy_reject` modal; Ctrl/Meta+Enter confirms). */
export async function rejectVacancy(id: number) {
  const { status, data } = await openModal({
    kind: 'vacancy_reject',
    title: t.rejectTitle,
    text: t.rejectText,
    reasonLabel: t.rejectReasonLabel,
    confirmLabel: t.reject,
    danger: true,
  });
  if (!status) return false;
  return (await call<typeof reject>('POST /job/:id/reject', { id, reason_text: String(data.reason_text ?? '') })).ok;
}

/** Its author takes it off after a confirmation; staff say why (the reason modal). */
export async function unpublishVacancy(id: number, byStaff: boolean) {
  const { status, data } = await openModal({
    kind: byStaff ? 'unpublish' : 'confirm',
    title: t.unpublishConfirm,
    ...(byStaff ? { reasonLabel: t.rejectReasonLabel } : {}),
    confirmLabel: t.unpublish,
    danger: true,
  });
  if (!status) return false;
  const reason = byStaff ? String(data.reason_text ?? '') : '';
  return (await call<typeof unpublish>('POST /job/:id/unpublish', { id, ...(reason ? { reason_text: reason } : {}) }))
    .ok;
}
