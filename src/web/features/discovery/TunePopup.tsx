import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { tuneUi } from '../../../shared/catalogue/shown.ts';
import { useCurrentUser } from '../auth/session.ts';

const t = tuneUi;
const OFFERED_KEY = 'sreda:tune-offered';

/** The feed tuning popup (spec/content.md §2); its code loads when it opens. */
export function openTunePopup() {
  void import('./TuneDialog.tsx').then((m) => m.openTunePopup());
}

/** 'Настроить ленту' on the reader's own feed: the same popup at any time. */
export function TuneButton() {
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={openTunePopup} data-testid="tune-open">
      {t.offer}
    </button>
  );
}

/**
 * Offers the popup to a signed-in reader who has not tuned the feed yet when they open their own feed (`/my/new`,
 * empty until they follow something), once a browser session; 'Пропустить' ends the offers for good.
 */
export function TuneOffer() {
  const user = useCurrentUser();
  const onMyFeed = useLocation().pathname.replace(/\/+$/, '') === '/my/new';
  const due = onMyFeed && !!user && !user.is_subsites_tuned;
  useEffect(() => {
    if (!due) return;
    try {
      if (sessionStorage.getItem(OFFERED_KEY)) return;
      sessionStorage.setItem(OFFERED_KEY, '1');
    } catch {
      // Storage refused (private mode): offer anyway, once per page load.
    }
    openTunePopup();
  }, [due]);
  return null;
}
