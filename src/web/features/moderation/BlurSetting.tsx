import { useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import type { setBlurNsfw } from '../../../shared/api/moderation-entries.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { useCurrentUser } from '../auth/session.ts';
import './moderation.css';

const L = ui.moderation;

/** `/settings`: keep 18+ entries blurred even after confirming one's age (`POST /subsite/is_blur_nsfw`). */
export function BlurSetting() {
  const user = useCurrentUser();
  const [blur, setBlur] = useState(Boolean(user?.is_blur_nsfw));
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  return (
    <section className="mod-setting" data-testid="blur-setting">
      <label className="mod-setting__row">
        <input
          type="checkbox"
          checked={blur}
          disabled={busy}
          data-testid="blur-setting-toggle"
          onChange={async (e) => {
            const next = e.target.checked;
            setBusy(true);
            const res = await call<typeof setBlurNsfw>(
              'POST /subsite/is_blur_nsfw',
              { is_blur_nsfw: next ? 1 : 0 },
              { notify: false },
            );
            setBusy(false);
            if (res.ok) setBlur(next);
            else toast.show(L.blurFailed, { type: 'error' });
          }}
        />
        {L.blurSetting}
      </label>
    </section>
  );
}
