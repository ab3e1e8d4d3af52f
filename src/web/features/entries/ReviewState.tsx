import type { Entry } from '../../../shared/entries.ts';
import { complaintsShownUi } from '../../../shared/catalogue/shown.ts';

const C = complaintsShownUi;
type Review = Pick<Entry, 'awaiting_review' | 'rejection'>;

/**
 * Where an entry sent to be published stands, for its author (the API tells nobody else): waiting for its
 * community's approval or held for staff, or rejected by the community. One badge on the drafts list, the entry page
 * and the editor.
 */
export function ReviewBadge({ review }: { review: Review }) {
  if (review.awaiting_review)
    return (
      <span className="entry-badge entry-badge--waiting" data-testid="entry-awaiting">
        {C.awaiting[review.awaiting_review]}
      </span>
    );
  if (review.rejection)
    return (
      <span className="entry-badge entry-badge--rejected" data-testid="entry-rejected">
        {C.rejectedBadge}
      </span>
    );
  return null;
}

/** The community's reason for a rejection, with what the author may do next; nothing when it was not rejected. */
export function RejectionNote({ review }: { review: Review }) {
  if (review.awaiting_review || !review.rejection) return null;
  return (
    <p className="entry-rejection" data-testid="entry-rejection" role="note">
      {C.rejectedNote(review.rejection.subsite, review.rejection.reason)}
    </p>
  );
}
