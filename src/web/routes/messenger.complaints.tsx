import { useState } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/messenger.complaints';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { formatDateTime } from '../../shared/format.ts';
import type { ComplaintItem } from '../../shared/messenger.ts';
import { call } from '../api/call.ts';
import type { complaints, resolveComplaint } from '../../shared/api/messenger-messages.ts';
import { toast } from '../ui/overlays/toasts.tsx';
import '../features/messenger/messenger.css';

const t = ui.messenger;

/** `/messenger/complaints` (staff): complaints about messages with the message and its neighbours, the only way staff read a chat. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return { ok: true };
}

export function meta() {
  return [{ title: `${t.complaintsTitle} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const result = await call<typeof complaints>('GET /admin/messenger/complaints', {});
  return { items: result.ok ? result.data.items : [] };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <div className="messenger-complaints">{t.loading}</div>;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const [items, setItems] = useState<ComplaintItem[]>('items' in loaderData ? loaderData.items : []);
  async function resolve(id: number, remove: boolean) {
    const result = await call<typeof resolveComplaint>('POST /admin/messenger/complaints/:id/resolve', {
      id,
      remove_message: remove,
    });
    if (!result.ok) return;
    toast.show(result.rm, { type: 'success' });
    setItems((prev) => prev.filter((c) => c.id !== id));
  }
  return (
    <div className="messenger-complaints" data-testid="messenger-complaints">
      <h1>{t.complaintsTitle}</h1>
      {!items.length && <p className="settings-hint">{t.complaintsEmpty}</p>}
      <table className="messenger-complaints__table">
        <tbody>
          {items.map((c) => (
            <tr key={c.id} data-testid="messenger-complaint">
              <td>
                <div className="messenger-complaints__who">
                  {t.complaintFrom(c.reporter.name)} · {formatDateTime(c.date)} · {c.chat.title || t.directChat}
                </div>
                {c.reason && <div className="messenger-complaints__reason">{c.reason}</div>}
                <ol className="messenger-complaints__context">
                  {c.context.map((m) => (
                    <li key={m.id} className={m.id === c.message.id ? 'is-reported' : ''}>
                      <b>{m.author?.name ?? '—'}:</b> {m.is_removed ? t.removedStub : m.text}
                    </li>
                  ))}
                </ol>
              </td>
              <td className="messenger-complaints__actions">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => resolve(c.id, false)}>
                  {t.complaintResolve}
                </button>
                <button type="button" className="btn btn-primary btn-small" onClick={() => resolve(c.id, true)}>
                  {t.remove}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
