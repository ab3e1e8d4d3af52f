import { useState } from 'react';
import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import type { ComplaintItem, MisprintItem, resolveComplaint } from '../../../shared/api/complaints.ts';
import { relativeTime } from '../../../shared/format.ts';
import type { AdminPanelData } from '../../../shared/pages/moderation.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { MisprintList } from './Misprint.tsx';
import { ReviewList } from './ReviewQueue.tsx';

const C = ui.complaints;
const L = ui.moderation;

/** The staff's queues: complaints, misprints, communities' entries awaiting approval and held spam, handled in place. */
export function QueuesTab({ queues, now }: { queues: NonNullable<AdminPanelData['queues']>; now: number }) {
  const [complaints, setComplaints] = useState(queues.complaints);
  const [misprints, setMisprints] = useState(queues.misprints);
  const [approval, setApproval] = useState(queues.approval);
  const [spam, setSpam] = useState(queues.spam);

  async function resolve(c: ComplaintItem, resolution: 'accepted' | 'rejected') {
    const res = await call<typeof resolveComplaint>('POST /admin/complaints/:id/resolve', { id: c.id, resolution });
    if (!res.ok) return;
    toast.show(res.rm, { type: 'success' });
    setComplaints((l) => l.filter((x) => !res.data.resolved.includes(x.id)));
  }

  return (
    <div className="mod-queues" data-testid="admin-queues">
      <section aria-labelledby="queue-complaints">
        <h2 className="mod-h3" id="queue-complaints">
          {C.queues.complaints} <span className="mod-count">{complaints.length}</span>
        </h2>
        {complaints.length ? (
          <ul className="mod-queue">
            {complaints.map((c) => (
              <li key={c.id} className="mod-queue__item" data-testid="complaint-item" data-target={c.target_type}>
                <p className="mod-queue__meta">
                  <span className="badge">{L.targets[c.target_type]}</span> {C.reasons[c.reason]} · {C.from(c.by.name)}{' '}
                  · <time dateTime={c.date}>{relativeTime(c.date, now)}</time>
                  {c.count > 1 && <> · {C.complaintsCount(c.count)}</>}
                </p>
                <p className="mod-queue__text">
                  {c.target_url ? (
                    <Link to={c.target_url} className="mod-queue__target">
                      {c.target_text || `#${c.target_id}`}
                    </Link>
                  ) : (
                    c.target_text || `#${c.target_id}`
                  )}
                </p>
                {c.text && <p className="mod-queue__text">«{c.text}»</p>}
                <div className="mod-queue__actions">
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    onClick={() => void resolve(c, 'accepted')}
                    data-testid="complaint-accept"
                  >
                    {C.accept}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={() => void resolve(c, 'rejected')}
                  >
                    {C.reject}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mod-empty">{L.queuesEmpty}</p>
        )}
      </section>
      <section aria-labelledby="queue-misprints">
        <h2 className="mod-h3" id="queue-misprints">
          {C.queues.misprints} <span className="mod-count">{misprints.length}</span>
        </h2>
        <MisprintList
          items={misprints}
          showEntry
          onFixed={(id) => setMisprints((l: MisprintItem[]) => l.filter((m) => m.id !== id))}
        />
      </section>
      <section aria-labelledby="queue-approval">
        <h2 className="mod-h3" id="queue-approval">
          {C.queues.approval} <span className="mod-count">{approval.length}</span>
        </h2>
        {approval.length ? (
          <ReviewList
            items={approval}
            now={now}
            onDecided={(id) => setApproval((l) => l.filter((x) => x.entry_id !== id))}
          />
        ) : (
          <p className="mod-empty">{L.queuesEmpty}</p>
        )}
      </section>
      <section aria-labelledby="queue-spam">
        <h2 className="mod-h3" id="queue-spam">
          {C.queues.spam} <span className="mod-count">{spam.length}</span>
        </h2>
        {spam.length ? (
          <ReviewList items={spam} now={now} onDecided={(id) => setSpam((l) => l.filter((x) => x.entry_id !== id))} />
        ) : (
          <p className="mod-empty">{L.queuesEmpty}</p>
        )}
      </section>
    </div>
  );
}
