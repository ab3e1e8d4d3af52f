import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { boosterLinkUi } from '../../../shared/catalogue/shown.ts';
import { useCurrentUser } from '../auth/session.ts';

/**
 * `?booster={id}[&sites]` (spec/content.md §1) opens the booster constructor for that entry: its code loads only then.
 * Closing it takes the parameter off the address.
 */
export function BoosterHost() {
  const { search, pathname, key } = useLocation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const id = /^\d{1,10}$/.exec(new URLSearchParams(search).get('booster') ?? '')?.[0];
  useEffect(() => {
    if (!id || !me) return;
    const rest = new URLSearchParams(search);
    rest.delete('booster');
    rest.delete('sites');
    const back = () => navigate({ pathname, search: rest.size ? `?${rest}` : '' }, { replace: true });
    void import('./BoosterPopup.tsx').then((m) => m.openBooster(Number(id), back));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once per navigation to the address
  }, [id, me?.id, key]);
  return null;
}

/** The author's «Продвинуть» under their published entry. */
export function BoosterLink({ entryId }: { entryId: number }) {
  return (
    <p className="booster-open">
      <Link to={`?booster=${entryId}`} className="btn btn-secondary" data-testid="booster-open" preventScrollReset>
        {boosterLinkUi.open}
      </Link>
    </p>
  );
}
