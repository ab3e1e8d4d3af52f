import { PlusBadge } from '../payments/PlusBadge.tsx';
import type { MediaImage } from '../../../shared/media.ts';
import { LazyGifVideo } from './LazyGifVideo.tsx';
import { linkHashtagsHtml } from '../../../shared/hashtags.ts';
import { useHashtagClicks } from '../discovery/hashtagClicks.ts';
import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { commentsUi } from '../../../shared/catalogue/comments.ts';
import { complaintsShownUi, moderationShownUi } from '../../../shared/catalogue/shown.ts';
import type { Comment } from '../../../shared/comments.ts';
import { formatDateTime, relativeTime } from '../../../shared/format.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import type { PopoverItem } from '../../ui/overlays/popover.tsx';
import { CommentVotes } from '../reactions/CommentVotes.tsx';
import { CommentForm } from './CommentForm.tsx';
import { banUser, openComplaint, pinComment, setBlocked } from '../moderation/open.ts';

const L = commentsUi;
/** Indent levels drawn before replies line up at the limit; comments.css mirrors them (6 desktop, 3 mobile). */
export const MAX_DEPTH_DESKTOP = 6;
export const MAX_DEPTH_MOBILE = 3;

export interface CommentItemProps {
  comment: Comment;
  now: number;
  /** The parent's author, named on replies deeper than the indent limit. */
  parentName: string | null;
  hasReplies: boolean;
  isNew: boolean;
  highlighted: boolean;
  canReply: boolean;
  canRemoveBranch: boolean;
  /** Staff: the author can be banned from the menu (moderation's ban modal). */
  canBan?: boolean;
  /** Staff and the entry's subsite managers pin a top-level comment; `onPinned` reloads the discussion. */
  canPin?: boolean;
  onPinned?(): void;
  /** The reader blocklisted the author: the comment shows collapsed until asked. */
  blocked?: boolean;
  /** A signed-in reader, not the author: complain and blocklist from the menu. */
  canComplain?: boolean;
  replying: boolean;
  editing: boolean;
  onReply(): void;
  onEdit(): void;
  onCancel(): void;
  onRemove(branch: boolean): void;
  submitReply(text: string, gif: MediaImage | null): Promise<boolean>;
  submitEdit(text: string, gif: MediaImage | null): Promise<boolean>;
}

/** One comment of the flat tree list: indent and thread lines from its level, then the body and its actions. */
export function CommentItem(p: CommentItemProps) {
  const onTextClick = useHashtagClicks();
  const [revealed, setRevealed] = useState(false);
  const c = p.comment;
  const lines = Math.min(c.level, MAX_DEPTH_DESKTOP);
  const classes = ['comment'];
  if (p.isNew) classes.push('comment--new');
  if (p.highlighted) classes.push('comment--highlighted');
  if (c.is_removed) classes.push('comment--removed');
  if (c.is_pinned) classes.push('comment--pinned');
  return (
    <div
      className={classes.join(' ')}
      id={`comment-${c.id}`}
      data-testid="comment"
      data-id={c.id}
      data-level={c.level}
      data-new={p.isNew || undefined}
      style={{ '--level': c.level } as CSSProperties}
    >
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="comment__line" data-i={i} style={{ '--i': i } as CSSProperties} aria-hidden />
      ))}
      <div className="comment__body">
        {p.blocked && !revealed && !c.is_removed ? (
          <p className="comment__removed comment__blocked" data-testid="comment-blocked">
            {complaintsShownUi.blockedComment}{' '}
            <button type="button" className="link" onClick={() => setRevealed(true)} data-testid="comment-show">
              {complaintsShownUi.showComment}
            </button>
          </p>
        ) : c.is_removed || !c.author ? (
          <p className="comment__removed" data-testid="comment-removed">
            {L.removed}
            {p.canRemoveBranch && p.hasReplies && <CommentMenu {...p} />}
          </p>
        ) : (
          <>
            <header className="comment__header">
              <Link to={c.author.url} className="comment__avatar" tabIndex={-1} aria-hidden>
                <Avatar name={c.author.name} color={c.author.avatar_color} url={c.author.avatar_url} size={28} />
              </Link>
              {/* A comment written as a subsite names its writer to staff and to the writer (`written_by`). */}
              <Link
                to={c.author.url}
                className="comment__author"
                data-testid="comment-author"
                title={c.written_by?.name}
              >
                {c.author.name}
              </Link>
              {c.author.is_plus && <PlusBadge />}
              <a
                href={`#comment-${c.id}`}
                className="comment__date"
                title={`${L.link}: ${formatDateTime(c.date, p.now)}`}
                data-testid="comment-link"
              >
                <time dateTime={c.date}>{relativeTime(c.date, p.now)}</time>
              </a>
              {c.modification_date && (
                <span className="comment__edited" title={formatDateTime(c.modification_date, p.now)}>
                  {L.edited}
                </span>
              )}
              {c.is_pinned && (
                <span className="comment__pinned-mark" data-testid="comment-pinned">
                  {moderationShownUi.pinnedMark}
                </span>
              )}
              {p.isNew && <span className="comment__new-mark">{L.newMark}</span>}
            </header>
            {p.parentName && c.level > MAX_DEPTH_MOBILE && (
              <a
                href={`#comment-${c.reply_to}`}
                className="comment__reply-to"
                data-deep={c.level > MAX_DEPTH_DESKTOP ? 'desktop' : 'mobile'}
              >
                ↳ {p.parentName}
              </a>
            )}
            {p.editing ? (
              <CommentForm
                initialText={c.source ?? ''}
                initialGif={c.attaches[0]?.data ?? null}
                placeholder={L.placeholder}
                submitLabel={L.save}
                onSubmit={p.submitEdit}
                onCancel={p.onCancel}
                autoFocus
                testId="comment-edit-form"
              />
            ) : (
              <>
                <div
                  className="comment__text"
                  onClick={onTextClick}
                  data-testid="comment-text"
                  dangerouslySetInnerHTML={{ __html: linkHashtagsHtml(c.text) }}
                />
                {c.attaches.map((a) => (
                  <div className="comment__gif" key={a.data.uuid}>
                    <LazyGifVideo gif={a.data} />
                  </div>
                ))}
              </>
            )}
            {!p.editing && (
              <footer className="comment__actions">
                <CommentVotes comment={c} />
                {p.canReply && (
                  <button type="button" className="comment__action" onClick={p.onReply} data-testid="comment-reply">
                    {L.reply}
                  </button>
                )}
                {(c.can_edit ||
                  c.can_remove ||
                  p.canBan ||
                  p.canPin ||
                  p.canComplain ||
                  (p.canRemoveBranch && p.hasReplies)) && <CommentMenu {...p} />}
              </footer>
            )}
          </>
        )}
        {p.replying && (
          <div className="comment__reply-form">
            <CommentForm
              placeholder={L.replyPlaceholder}
              submitLabel={L.send}
              onSubmit={p.submitReply}
              onCancel={p.onCancel}
              autoFocus
              testId="comment-reply-form"
            />
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Edit, remove and (staff) remove the branch sit in the '…' menu rather than in the row: a row of three red and grey
 * words under every comment was noise to readers and wrapped on a phone. Values: `edit`, `remove`, `remove-branch`.
 */
function CommentMenu(p: CommentItemProps) {
  const c = p.comment;
  const items = (): PopoverItem[] => [
    ...(c.can_edit && !c.is_removed ? [{ label: L.edit, value: 'edit' }] : []),
    ...(c.can_remove && !c.is_removed ? [{ label: L.remove, value: 'remove', color: 'var(--danger)' }] : []),
    ...(p.canRemoveBranch && p.hasReplies
      ? [{ label: L.removeBranch, value: 'remove-branch', color: 'var(--danger)' }]
      : []),
    ...(p.canPin && c.level === 0 && !c.is_removed
      ? [{ label: c.is_pinned ? moderationShownUi.unpinComment : moderationShownUi.pinComment, value: 'pin' }]
      : []),
    ...(p.canComplain && c.author && !c.is_removed
      ? [
          { label: complaintsShownUi.complain, value: 'complain' },
          p.blocked
            ? { label: complaintsShownUi.unblockPerson, value: 'unblock' }
            : { label: complaintsShownUi.blockPerson, value: 'block' },
        ]
      : []),
    ...(p.canBan && c.author && !c.is_removed
      ? [{ label: moderationShownUi.ban, value: 'ban', color: 'var(--danger)' }]
      : []),
  ];
  return (
    <MoreMenu
      label={L.menu}
      className="comment__more"
      testId="comment-more"
      items={items}
      onSelect={(value) => {
        if (value === 'edit') p.onEdit();
        else if (value === 'remove') p.onRemove(false);
        else if (value === 'remove-branch') p.onRemove(true);
        // A comment written as a subsite bans the person who wrote it (staff see `written_by`).
        else if (value === 'ban' && c.author) void banUser(c.written_by ?? c.author);
        else if (value === 'complain') void openComplaint({ type: 'comment', id: c.id });
        else if ((value === 'block' || value === 'unblock') && c.author)
          void setBlocked(c.author.id, value === 'block');
        else if (value === 'pin') void pinComment(c.id, !c.is_pinned).then((done) => done && p.onPinned?.());
      }}
    />
  );
}
