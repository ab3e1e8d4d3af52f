import { messages } from '../../../shared/catalogue.ts';
import type { pinComment as pinContract } from '../../../shared/api/moderation-entries.ts';
import { call } from '../../api/call.ts';
import { reportFailure } from '../../api/request.ts';
import { toast } from '../../ui/overlays/toasts.tsx';

/**
 * Pins (or unpins) a comment as its entry's one pinned comment. On failure the §8 text is shown with the server's
 * reason (reportFailure). Resolves true when the discussion changed.
 */
export async function pinComment(id: number, state: boolean): Promise<boolean> {
  const res = await call<typeof pinContract>(
    'POST /admin/comments/pin',
    { id, state: state ? 1 : 0 },
    { notify: false },
  );
  if (!res.ok) {
    reportFailure(res, state ? messages.commentPinFailed : messages.commentUnpinFailed);
    return false;
  }
  toast.show(res.rm, { type: 'success' });
  return true;
}
