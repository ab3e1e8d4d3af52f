import { useEffect, useState } from 'react';
import type { AdsSettings } from '../../../shared/api/billing.ts';
import { ui } from '../../../shared/catalogue.ts';
import { useCurrentUser } from '../auth/session.ts';
import { billingCalls } from './calls.ts';

const t = ui.billing.ads;

/**
 * Settings: a Plus reader switches ads off, the feed banner and the distributions' units alike (spec/content.md §6:
 * "with banners enabled can disable ads in settings", hence «Отключить рекламу», not only in the feed). Shown only
 * while the site has a banner; without Plus the request answers 402, which opens the buy popup and repeats the change.
 */
export function AdsSetting() {
  const me = useCurrentUser();
  const [state, setState] = useState<AdsSettings | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (me) void billingCalls.ads().then((r) => r.ok && setState(r.data));
  }, [me]);
  if (!me || !state?.has_banner) return null;
  return (
    <section className="settings-section" data-testid="ads-setting">
      <h2>{t.label}</h2>
      <label className="ads-setting">
        <input
          type="checkbox"
          checked={state.hide_ads}
          disabled={busy}
          data-testid="ads-setting-toggle"
          onChange={async (e) => {
            setBusy(true);
            const res = await billingCalls.setHideAds(e.target.checked);
            setBusy(false);
            if (res.ok) setState(res.data);
          }}
        />
        {t.hide}
      </label>
      {!me.is_paid && <p className="bill-hint">{t.plusOnly}</p>}
    </section>
  );
}
