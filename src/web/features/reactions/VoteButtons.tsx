import { useEffect, useState } from 'react';
import type { Likes } from '../../../shared/entries.ts';
import type { ReactionTarget, VoteData } from '../../../shared/reactions.ts';
import { ui } from '../../../shared/catalogue.ts';
import { compactCount, pluralize } from '../../../shared/format.ts';
import { api } from '../../api/request.ts';
import { ArrowDownIcon, ArrowUpIcon } from './icons.tsx';
import './reactions.css';

/**
 * ▲ rating ▼ of an entry or a comment: the rating (sum of votes) is green above zero and red below, the
 * reader's own vote is highlighted, and pressing it again takes the vote back. The server decides everything;
 * an anonymous click meets rc 401, the auth popup opens and the vote repeats after sign-in.
 */
export function VoteButtons({ type, id, likes, small = false }: { type: ReactionTarget; id: number; likes: Likes; small?: boolean }) {
  const [state, setState] = useState(likes);
  const [busy, setBusy] = useState(false);
  // Fresh loader data (a navigation, a sign-in) is the truth again.
  useEffect(() => setState(likes), [likes.count, likes.summ, likes.is_liked]);

  async function vote(sign: 1 | -1) {
    if (busy) return;
    setBusy(true);
    const result = await api.post<VoteData>('like', { id, type, sign: state.is_liked === sign ? 0 : sign });
    setBusy(false);
    if (result.ok) setState(result.data);
  }

  const tone = state.summ > 0 ? 'positive' : state.summ < 0 ? 'negative' : 'zero';
  return (
    <div className={`votes${small ? ' votes--small' : ''}`} data-testid="votes" data-liked={state.is_liked} aria-busy={busy}>
      <button
        type="button"
        className={`votes__btn votes__btn--up${state.is_liked === 1 ? ' is-active' : ''}`}
        onClick={() => vote(1)}
        aria-pressed={state.is_liked === 1}
        aria-label={ui.reactions.voteUp}
        title={ui.reactions.voteUp}
        data-testid="vote-up"
      >
        <ArrowUpIcon />
      </button>
      <span className={`votes__summ votes__summ--${tone}`} title={pluralize(state.count, ui.reactions.votes)} data-testid="vote-summ">
        {state.summ > 0 ? '+' : ''}{compactCount(state.summ)}
      </span>
      <button
        type="button"
        className={`votes__btn votes__btn--down${state.is_liked === -1 ? ' is-active' : ''}`}
        onClick={() => vote(-1)}
        aria-pressed={state.is_liked === -1}
        aria-label={ui.reactions.voteDown}
        title={ui.reactions.voteDown}
        data-testid="vote-down"
      >
        <ArrowDownIcon />
      </button>
    </div>
  );
}
