import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import type { approveReview, rejectReview, ReviewItem, subsiteReviewQueue } from '../../../shared/api/moderation.ts';
import { relativeTime } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { useCurrentUser } from '../auth/session.ts';
import './moderation.css';

const C = ui.complaints;

/** Approve publishes; rejecting a community's entry asks for the reason its author is told (Ctrl+Enter confirms). */
async function decide(r: ReviewItem, approve: boolean): Promise<boolean> {
  let reason = '';
  if (!approve && r.reason === 'approval') {
    const { status, data } = await openModal({
      kind: 'reject',
      title: C.rejectTitle,
      text: C.rejectText,
      reasonLabel: C.rejectReason,
      confirmLabel: C.reject,
      danger: true,
    });
    if (!status) return false;
    reason = String(data.reason_text ?? '');
  }
  const res = approve
    ? await call<typeof approveReview>('POST /admin/reviews/:id/approve', { id: r.entry_id })
    : await call<typeof rejectReview>('POST /admin/reviews/:id/reject', { id: r.entry_id, reason_text: reason });
  if (!res.ok) return false;
  toast.show(res.rm, { type: 'success' });
  return true;
}

/** Entries waiting to be published (held spam, or a community's approval queue), each approved or rejected in place. */
export function ReviewList({
  items,
  now,
  onDecided,
}: {
  items: ReviewItem[];
  now: number;
  onDecided(entryId: number): void;
}) {
  return (
    <ul className="mod-queue">
      {items.map((r) => (
        <li key={r.entry_id} className="mod-queue__item" data-testid="review-item" data-reason={r.reason}>
          <p className="mod-queue__meta">
            <Link to={r.author.url}>{r.author.name}</Link>
            {r.subsite.id !== r.author.id && (
              <>
                {' · '}
                <Link to={r.subsite.url}>{r.subsite.name}</Link>
              </>
            )}
            {' · '}
            <time dateTime={r.date}>{relativeTime(r.date, now)}</time>
          </p>
          <p className="mod-queue__text">
            <Link to={r.url} className="mod-queue__target">
              {r.title || `#${r.entry_id}`}
            </Link>
          </p>
          <div className="mod-queue__actions">
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={async () => (await decide(r, true)) && onDecided(r.entry_id)}
              data-testid="review-approve"
            >
              {C.approve}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={async () => (await decide(r, false)) && onDecided(r.entry_id)}
              data-testid="review-reject"
            >
              {C.reject}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * On a community's page, for its managers and staff: its approval queue (`GET /subsite/reviews/{id}`), shown while
 * something waits.
 */
export function CommunityApprovalQueue({ subsiteId }: { subsiteId: number }) {
  const me = useCurrentUser();
  const manages = Boolean(me && (me.is_staff || me.reviewed_subsite_ids.includes(subsiteId)));
  const [items, setItems] = useState<ReviewItem[]>([]);
  useEffect(() => {
    if (!manages) return;
    let live = true;
    void call<typeof subsiteReviewQueue>('GET /subsite/reviews/:id', { id: subsiteId }, { notify: false }).then(
      (res) => {
        if (live && res.ok) setItems(res.data.items);
      },
    );
    return () => {
      live = false;
    };
  }, [manages, subsiteId]);
  if (!items.length) return null;
  return (
    <section className="mod-approval" data-testid="approval-queue" aria-labelledby="approval-queue-title">
      <h2 className="mod-h3" id="approval-queue-title">
        {C.approvalQueue(items.length)}
      </h2>
      <p className="mod-approval__lead">{C.approvalLead}</p>
      <ReviewList
        items={items}
        now={Date.now()}
        onDecided={(id) => setItems((l) => l.filter((x) => x.entry_id !== id))}
      />
    </section>
  );
}
