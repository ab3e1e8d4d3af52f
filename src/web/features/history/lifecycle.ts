import { historyShownUi } from '../../../shared/catalogue/shown.ts';
import type { Entry } from '../../../shared/entries.ts';
import type { EntryRemovedState } from '../../../shared/history.ts';
import type { remove, restore } from '../../../shared/api/history.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';

const L = historyShownUi;

/** Remove with confirmation (spec/content.md §4); a declined removal is only logged (§8). Resolves the new state, or null. */
export async function removeEntry(
  entry: Pick<Entry, 'id'>,
  ask: { title: string; text: string } = { title: L.removeTitle, text: L.removeText },
): Promise<EntryRemovedState | null> {
  const { status } = await openModal({ ...ask, confirmLabel: L.remove, danger: true });
  if (!status) {
    console.info('entry removal declined', entry.id);
    return null;
  }
  const res = await call<typeof remove>('POST /writing/:id/remove', { id: entry.id });
  if (!res.ok) return null;
  toast.show(res.rm || L.removed, { type: 'success' });
  return res.data;
}

export async function restoreEntry(entry: Pick<Entry, 'id'>): Promise<EntryRemovedState | null> {
  const res = await call<typeof restore>('POST /writing/:id/restore', { id: entry.id });
  if (!res.ok) return null;
  toast.show(res.rm, { type: 'success' });
  return res.data;
}

export const historyUrl = (entryId: number) => `/writing/${entryId}/history`;
export const applyUrl = (entryId: number, historyId: number) => `${historyUrl(entryId)}/${historyId}`;

/** spec/content.md §2: the apply screen opens in a separate window, which reloads this one when it is done. */
export function openApplyWindow(entryId: number, historyId: number): void {
  const width = Math.min(760, screen.availWidth);
  const height = Math.min(860, screen.availHeight);
  const left = Math.max(0, Math.round((screen.availWidth - width) / 2));
  const top = Math.max(0, Math.round((screen.availHeight - height) / 2));
  // No 'noopener': the apply screen reloads its opener.
  window.open(
    applyUrl(entryId, historyId),
    `history-apply-${entryId}`,
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
}
