import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import type { BlockedPerson, blocklist } from '../../../shared/api/moderation.ts';
import { call } from '../../api/call.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { setBlocked } from './blocklist.ts';
import './moderation.css';

const C = ui.complaints;

/** `/u/me/settings#blocklist`: the people the reader blocklisted, each with a way back. */
export function BlocklistSection() {
  const [items, setItems] = useState<BlockedPerson[] | null>(null);
  useEffect(() => {
    let live = true;
    void call<typeof blocklist>('GET /blocklist', {}).then((res) => {
      if (live && res.ok) setItems(res.data.items);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="settings-section" id="blocklist" data-testid="settings-blocklist">
      <h2>{C.blocklist}</h2>
      <p className="mod-empty">{C.blocklistLead}</p>
      {items &&
        (items.length ? (
          <ul className="mod-people">
            {items.map((p) => (
              <li key={p.id} className="mod-person" data-testid="blocked-person" data-id={p.id}>
                <Avatar name={p.name} color={p.avatar_color} url={p.avatar_url} size={28} />
                <Link to={p.url} className="mod-person__name">
                  {p.name}
                </Link>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  data-testid="unblock"
                  onClick={async () => {
                    if (await setBlocked(p.id, false)) setItems((l) => l && l.filter((x) => x.id !== p.id));
                  }}
                >
                  {C.unblockPerson}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mod-empty" data-testid="blocklist-empty">
            {C.blocklistEmpty}
          </p>
        ))}
    </section>
  );
}
