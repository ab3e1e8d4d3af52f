import type { like } from '../../../shared/api/votes.ts';
import { useEffect, useRef, useState } from 'react';
import type { Likes } from '../../../shared/entries.ts';
import type { ReactionTarget } from '../../../shared/reactions.ts';
import { reactionsUi } from '../../../shared/catalogue/reactions.ts';
import { compactCount, pluralize } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import { onAuthChange } from '../auth/session.ts';
import { channelName, type ContentEvent } from '../../../shared/realtime.ts';
import { useChannel } from '../realtime/useChannel.ts';
import { ArrowDownIcon, ArrowUpIcon } from './icons.tsx';

/**
 * ▲ rating ▼ of an entry or a comment: the rating (sum of votes) is green above zero and red below, the
 * reader's own vote is highlighted, and pressing it again takes the vote back. The server decides everything;
 * an anonymous click meets rc 401, the auth popup opens and the vote repeats after sign-in.
 * With `live` an entry's tally follows everyone's votes (`content-{id}`); the reader's own mark stays theirs.
 */
export function VoteButtons({
  type,
  id,
  likes,
  small = false,
  live = false,
}: {
  type: ReactionTarget;
  id: number;
  likes: Likes;
  small?: boolean;
  live?: boolean;
}) {
  const [state, setState] = useState(likes);
  const [busy, setBusy] = useState(false);
  // The reader's mark as the server answered a vote made here: a parent that merges a live tally into data
  // loaded before that vote still holds the old mark. Another target or another person forgets it.
  const own = useRef<number | null>(null);
  useEffect(() => {
    own.current = null;
  }, [type, id]);
  useEffect(() => onAuthChange(() => (own.current = null)), []);
  // Fresh parent data (a navigation, a sign-in, a live event) is the truth again, but for the reader's own mark.
  useEffect(
    () => setState({ ...likes, is_liked: own.current ?? likes.is_liked }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the tally's values, not the object's identity
    [likes.count, likes.summ, likes.is_liked],
  );
  useChannel<ContentEvent>(live && type === 'content' ? channelName.content(id) : null, (event) => {
    if (event.type === 'content_voted' && event.content_id === id)
      setState((s) => ({ ...s, count: event.likes.count, summ: event.likes.summ }));
  });

  async function vote(sign: 1 | -1) {
    if (busy) return;
    setBusy(true);
    const result = await call<typeof like>('POST /like', { id, type, sign: state.is_liked === sign ? 0 : sign });
    setBusy(false);
    if (!result.ok) return;
    own.current = result.data.is_liked;
    setState(result.data);
  }

  const tone = state.summ > 0 ? 'positive' : state.summ < 0 ? 'negative' : 'zero';
  return (
    <div
      className={`votes${small ? ' votes--small' : ''}`}
      data-testid="votes"
      data-liked={state.is_liked}
      aria-busy={busy}
    >
      <button
        type="button"
        className={`votes__btn votes__btn--up${state.is_liked === 1 ? ' is-active' : ''}`}
        onClick={() => vote(1)}
        aria-pressed={state.is_liked === 1}
        aria-label={reactionsUi.voteUp}
        title={reactionsUi.voteUp}
        data-testid="vote-up"
      >
        <ArrowUpIcon />
      </button>
      <span
        className={`votes__summ votes__summ--${tone}`}
        title={pluralize(state.count, reactionsUi.votes)}
        data-testid="vote-summ"
      >
        {state.summ > 0 ? '+' : ''}
        {compactCount(state.summ)}
      </span>
      <button
        type="button"
        className={`votes__btn votes__btn--down${state.is_liked === -1 ? ' is-active' : ''}`}
        onClick={() => vote(-1)}
        aria-pressed={state.is_liked === -1}
        aria-label={reactionsUi.voteDown}
        title={reactionsUi.voteDown}
        data-testid="vote-down"
      >
        <ArrowDownIcon />
      </button>
    </div>
  );
}
