import { useState } from 'react';
import { messages, ui } from '../../../shared/catalogue.ts';
import type { mute, unmute } from '../../../shared/api/hashtags.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';

const t = ui.discovery.hashtags;

/**
 * Mute / unmute a tag for the reader's feeds (`POST /hashtags/mute|unmute`). An anonymous click meets rc 401, signs
 * in and completes; a failure shows spec/content.md §8's 'Cannot add/remove hashtag to/from blocklist'.
 */
export function MuteHashtagButton({
  name,
  muted,
  onChange,
}: {
  name: string;
  muted: boolean;
  onChange(muted: boolean): void;
}) {
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    const input = { hashtags: [name] };
    const result = muted
      ? await call<typeof unmute>('POST /hashtags/unmute', input, { notify: false })
      : await call<typeof mute>('POST /hashtags/mute', input, { notify: false });
    setBusy(false);
    if (result.ok) {
      onChange(result.data.is_muted);
      toast.show(result.rm);
    } else if (result.rc !== 401) {
      toast.show(
        `${muted ? messages.hashtagUnmuteFailed : messages.hashtagMuteFailed}${result.rm ? `: ${result.rm}` : ''}`,
        { type: 'error' },
      );
    }
  }

  return (
    <button
      type="button"
      className={`btn ${muted ? 'btn-primary' : 'btn-secondary'}`}
      onClick={toggle}
      disabled={busy}
      aria-pressed={muted}
      data-testid="hashtag-mute"
    >
      {muted ? t.unmute : t.mute}
    </button>
  );
}
