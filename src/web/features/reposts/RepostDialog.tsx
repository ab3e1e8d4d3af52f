import { useEffect, useState } from 'react';
import type { create, remove, RepostTargets, targets } from '../../../shared/api/reposts.ts';
import { repostsUi } from '../../../shared/catalogue/reposts.ts';
import { call } from '../../api/call.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { popup, type PopupApi } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';

interface Props {
  entryId: number;
  onCount(count: number): void;
}

/** Where to repost (the own blog, communities one manages), a comment, and undo where it is reposted already. */
function RepostDialog({ entryId, onCount, api }: Props & { api: PopupApi }) {
  const [data, setData] = useState<RepostTargets | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    void call<typeof targets>('GET /repost/targets/:id', { id: entryId }).then((r) => {
      if (!alive || !r.ok) return;
      setData(r.data);
      setTarget(r.data.items.find((t) => t.repost_id === null)?.id ?? null);
    });
    return () => {
      alive = false;
    };
  }, [entryId]);

  async function submit() {
    if (target === null || busy) return;
    setBusy(true);
    const r = await call<typeof create>('POST /repost/create', { entry_id: entryId, subsite_id: target, comment });
    setBusy(false);
    if (!r.ok) return;
    onCount(r.data.count);
    toast.show(repostsUi.done, { type: 'success' });
    api.close();
  }

  async function undo(id: number) {
    setBusy(true);
    const r = await call<typeof remove>('POST /repost/remove', { id });
    setBusy(false);
    if (!r.ok || !data) return;
    onCount(r.data.count);
    toast.show(repostsUi.undone, { type: 'success' });
    setData({
      count: r.data.count,
      items: data.items.map((t) => (t.repost_id === id ? { ...t, repost_id: null } : t)),
    });
  }

  if (!data) return <div className="repost-dialog" data-testid="repost-dialog" aria-busy />;
  if (!data.items.length) return <p data-testid="repost-dialog">{repostsUi.noTargets}</p>;
  return (
    <form
      className="repost-dialog"
      data-testid="repost-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset className="repost-dialog__targets">
        <legend>{repostsUi.target}</legend>
        {data.items.map(({ repost_id: repostId, ...t }) => (
          <div key={t.id} className="repost-dialog__target" data-testid="repost-target">
            <label>
              <input
                type="radio"
                name="repost-target"
                value={t.id}
                checked={target === t.id}
                disabled={repostId !== null}
                onChange={() => setTarget(t.id)}
              />
              <Avatar url={t.avatar_url} color={t.avatar_color} name={t.name} size={28} />
              <span className="repost-dialog__name">{t.name}</span>
            </label>
            {repostId !== null && (
              <button
                type="button"
                className="btn btn-secondary repost-dialog__undo"
                onClick={() => void undo(repostId)}
                disabled={busy}
                data-testid="repost-undo"
              >
                {repostsUi.undo}
              </button>
            )}
          </div>
        ))}
      </fieldset>
      <label className="repost-dialog__comment">
        <span>{repostsUi.comment}</span>
        <textarea
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={repostsUi.commentPlaceholder}
          rows={3}
          data-testid="repost-comment"
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy || target === null} data-testid="repost-submit">
        {repostsUi.submit}
      </button>
    </form>
  );
}

export function openRepostDialog(props: Props) {
  popup.open({
    kind: 'repost',
    size: 'small',
    title: repostsUi.title,
    render: (api) => <RepostDialog {...props} api={api} />,
  });
}
