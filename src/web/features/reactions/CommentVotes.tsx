import { VoteButtons } from './VoteButtons.tsx';

/** The vote control of a comment, mounted by the comments UI. */
export function CommentVotes({
  comment,
}: {
  comment: { id: number; likes: { count: number; summ: number; is_liked: number } };
}) {
  return <VoteButtons type="comment" id={comment.id} likes={comment.likes} small />;
}
