import { messages, ui } from '../../../shared/catalogue.ts';
import type { mute, unmute } from '../../../shared/api/subsites.ts';
import { call } from '../../api/call.ts';
import { currentUser } from '../auth/session.ts';
import { toast } from '../../ui/overlays/toasts.tsx';

/**
 * Adds a person to the reader's blocklist or takes them off it: the blocklist is the muted blogs of people
 * (`/mute/subsite/{id}`), so the feed, comments and messenger all honour the same list. On failure the §8 text.
 */
export async function setBlocked(personId: number, blocked: boolean): Promise<boolean> {
  const res = blocked
    ? await call<typeof mute>('POST /mute/subsite/:id', { id: personId }, { notify: false })
    : await call<typeof unmute>('POST /unmute/subsite/:id', { id: personId }, { notify: false });
  if (!res.ok) {
    const failed = blocked ? messages.blocklistAddFailed : messages.blocklistRemoveFailed;
    toast.show(res.rm && res.status > 0 ? `${failed}: ${res.rm}` : failed, { type: 'error' });
    return false;
  }
  const me = currentUser.get();
  if (me) {
    const rest = me.ignored_ids.filter((id) => id !== personId);
    currentUser.set({ ...me, ignored_ids: blocked ? [...rest, personId] : rest });
  }
  toast.show(blocked ? ui.complaints.blockedDone : ui.complaints.unblockedDone, { type: 'success' });
  return true;
}
