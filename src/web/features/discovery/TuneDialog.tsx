import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { SubsiteCard } from '../../../shared/api.ts';
import type { tune, tuneOffer } from '../../../shared/api/discovery.ts';
import { tuneUi } from '../../../shared/catalogue/shown.ts';
import { call } from '../../api/call.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { popup } from '../../ui/overlays/popup.tsx';
import { currentUser, setCurrentUser } from '../auth/session.ts';

const t = tuneUi;

/** The feed tuning popup (spec/content.md §2): communities to follow, from `GET /subsites/tune-html`. */
export function openTunePopup() {
  popup.open({ kind: 'tune', size: 'medium', title: t.title, render: ({ close }) => <TuneBody onDone={close} /> });
}

function TuneBody({ onDone }: { onDone(): void }) {
  const [items, setItems] = useState<SubsiteCard[] | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  useEffect(() => {
    let live = true;
    void call<typeof tuneOffer>('GET /subsites/tune-html', { mode: 'popup' }).then((r) => {
      if (!live || !r.ok) return;
      setItems(r.data.items);
      setPicked(new Set(r.data.items.filter((c) => c.is_subscribed).map((c) => c.id)));
    });
    return () => {
      live = false;
    };
  }, []);

  async function save(skip: boolean) {
    if (!items) return;
    setBusy(true);
    const settings = skip ? {} : Object.fromEntries(items.map((c) => [c.id, picked.has(c.id) ? 1 : 0]));
    const r = await call<typeof tune>('POST /subsites/tune', { settings });
    setBusy(false);
    if (!r.ok) return;
    const user = currentUser.get();
    if (user) setCurrentUser({ ...user, is_subsites_tuned: true, subscribed_ids: r.data.subscribed_ids });
    onDone();
    // The reader's own feed is made of these subscriptions: show it anew; elsewhere the page data is enough.
    if (location.pathname.replace(/\/+$/, '') === '/my/new') location.reload();
    else void revalidator.revalidate();
  }

  const toggle = (id: number) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div data-testid="tune-popup">
      <p className="tune-lead">{t.lead}</p>
      {items === null ? (
        <p className="tune-lead">{t.loading}</p>
      ) : (
        <ul className="tune-grid">
          {items.map((c) => (
            <li key={c.id} className="tune-item">
              <label data-testid="tune-item" data-id={c.id}>
                <input type="checkbox" checked={picked.has(c.id)} onChange={() => toggle(c.id)} />
                <Avatar name={c.name} color={c.avatar_color} url={c.avatar_url} size={36} />
                <span className="tune-text">
                  <b>{c.name}</b>
                  <small>{t.subscribers(c.subscribers_count)}</small>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="tune-footer">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => save(true)}
          disabled={busy || !items}
          data-testid="tune-skip"
        >
          {t.skip}
        </button>
        <span className="disc-lead">{t.picked(picked.size)}</span>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => save(false)}
          disabled={busy || !items}
          data-testid="tune-save"
        >
          {t.save}
        </button>
      </div>
    </div>
  );
}
