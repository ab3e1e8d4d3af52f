import { useEffect, useState } from 'react';
import type { BlockOf } from '../../../shared/blocks.ts';
import type { QuizResult, QuizVoter, randomResults } from '../../../shared/api/quiz.ts';
import { quizUi } from '../../../shared/catalogue/quiz.ts';
import { pluralize } from '../../../shared/format.ts';
import { QUIZ_VOTER_AVATAR } from '../../../shared/quiz.ts';
import { channelName, type ContentEvent } from '../../../shared/realtime.ts';
import { call } from '../../api/call.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useChannel } from '../realtime/useChannel.ts';
import { castVote, mergeLive, requestResult, useQuizResult } from './results.ts';
import './quiz.css';

type Quiz = BlockOf<'quiz'>['data'];
export type QuizView = 'initial' | 'voted' | 'revealed';

/** spec/content.md §4: a vote gives voted; otherwise revealed if the reader toggled it; otherwise initial. */
export const quizView = (result: QuizResult | null | undefined, revealed: boolean): QuizView =>
  result?.userVoted ? 'voted' : revealed ? 'revealed' : 'initial';

/**
 * A quiz in an entry or a feed card (loaded only where one is). Options are buttons (one answer: a click votes) or
 * boxes and a vote button (several answers); with results shown before voting, a toggle reveals them. The counts
 * follow everyone's votes live (`quiz results updated` on the entry's channel).
 */
export default function QuizBlock({ quiz, entryId }: { quiz: Quiz; entryId?: number }) {
  const result = useQuizResult(quiz.hash);
  const [revealed, setRevealed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => requestResult(quiz.hash), [quiz.hash]);
  // `data-live`: the entry's channel is joined, so everyone's votes arrive from here on (tests wait for it).
  const [live, setLive] = useState(false);
  useChannel<ContentEvent>(
    entryId ? channelName.content(entryId) : null,
    (e) => {
      if (e.type === 'quiz results updated' && e.hash === quiz.hash) mergeLive(e.hash, e.results);
    },
    () => setLive(true),
  );

  const view = quizView(result, revealed);
  const shown = view !== 'initial' && result;
  const canVote = view !== 'voted' && entryId !== undefined;

  async function send(items: string[]) {
    if (loading || !entryId || !items.length) return;
    setLoading(true);
    await castVote(quiz.hash, entryId, items);
    setLoading(false);
  }

  return (
    <section
      className={`quiz quiz--${view}`}
      data-testid="quiz"
      data-hash={quiz.hash}
      data-view={view}
      data-loading={loading ? '1' : undefined}
      data-live={live ? '1' : undefined}
      aria-busy={loading}
    >
      <div className="quiz__label">{quizUi.label}</div>
      <h3 className="quiz__title">{quiz.title}</h3>
      {quiz.multiple && view === 'initial' && <p className="quiz__hint">{quizUi.multipleHint}</p>}
      <ul className="quiz__items">
        {quiz.items.map((item) => {
          const stat = shown ? result.items[item.hash] : undefined;
          const mine = result?.userItems.includes(item.hash) ?? false;
          return (
            <li key={item.hash}>
              {stat ? (
                <QuizResultRow
                  quiz={quiz.hash}
                  item={item.hash}
                  text={item.text}
                  stat={stat}
                  mine={mine}
                  canVote={canVote}
                  onVote={() => (quiz.multiple ? setChosen(toggle(chosen, item.hash)) : send([item.hash]))}
                  checked={chosen.includes(item.hash)}
                  multiple={quiz.multiple}
                />
              ) : quiz.multiple ? (
                <label className="quiz__option quiz__option--check" data-testid="quiz-option" data-hash={item.hash}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(item.hash)}
                    disabled={loading}
                    onChange={() => setChosen(toggle(chosen, item.hash))}
                  />
                  <span>{item.text}</span>
                </label>
              ) : (
                <button
                  type="button"
                  className="quiz__option"
                  data-testid="quiz-option"
                  data-hash={item.hash}
                  disabled={loading}
                  onClick={() => send([item.hash])}
                >
                  {item.text}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <footer className="quiz__footer">
        {quiz.multiple && canVote && (
          <button
            type="button"
            className="btn btn-primary btn-small"
            data-testid="quiz-vote"
            disabled={loading || !chosen.length}
            onClick={() => send(chosen)}
          >
            {quizUi.vote}
          </button>
        )}
        {result && (shown || quiz.results === 'before') && <Voters result={result} />}
        {quiz.results === 'before' && view !== 'voted' && result && (
          <button
            type="button"
            className="quiz__reveal"
            data-testid="quiz-reveal"
            aria-pressed={revealed}
            onClick={() => setRevealed(!revealed)}
          >
            {revealed ? quizUi.hideResults : quizUi.showResults}
          </button>
        )}
      </footer>
    </section>
  );
}

const toggle = (list: string[], hash: string) =>
  list.includes(hash) ? list.filter((h) => h !== hash) : [...list, hash];

/** An option with its share: the bar, the percentage, the count; up to three of its voters on hover. */
function QuizResultRow({
  quiz,
  item,
  text,
  stat,
  mine,
  canVote,
  onVote,
  checked,
  multiple,
}: {
  quiz: string;
  item: string;
  text: string;
  stat: QuizResult['items'][string];
  mine: boolean;
  canVote: boolean;
  onVote(): void;
  checked: boolean;
  multiple: boolean;
}) {
  const [voters, setVoters] = useState<QuizVoter[] | null>(null);
  async function look() {
    if (voters || !stat.count) return;
    const res = await call<typeof randomResults>(
      'GET /quiz/randomResults/:hash/:itemHash',
      { hash: quiz, itemHash: item },
      {
        cache: true,
        notify: false,
      },
    );
    setVoters(res.ok ? res.data : []);
  }
  const Tag = canVote ? 'button' : 'div';
  return (
    <Tag
      {...(canVote ? { type: 'button' as const, onClick: onVote, 'aria-pressed': multiple ? checked : undefined } : {})}
      className={`quiz__result${stat.isWinner ? ' is-winner' : ''}${mine || checked ? ' is-mine' : ''}`}
      data-testid="quiz-result"
      data-hash={item}
      data-count={stat.count}
      onPointerEnter={look}
      onFocus={look}
    >
      <span className="quiz__bar" style={{ width: `${stat.percentage}%` }} aria-hidden />
      <span className="quiz__text">
        {text}
        {mine && <span className="quiz__mine">{quizUi.yourChoice}</span>}
      </span>
      {voters && voters.length > 0 && <Faces voters={voters} />}
      <span className="quiz__percent" title={pluralize(stat.count, quizUi.votes)}>
        {stat.percentage}%
      </span>
    </Tag>
  );
}

function Faces({ voters }: { voters: QuizVoter[] }) {
  return (
    <span className="quiz__faces">
      {voters.map((u) => (
        <span key={u.id} title={u.name}>
          <Avatar name={u.name} color={u.avatar_color} url={u.avatar_url} size={QUIZ_VOTER_AVATAR} />
        </span>
      ))}
    </span>
  );
}

function Voters({ result }: { result: QuizResult }) {
  return (
    <span className="quiz__voters" data-testid="quiz-total" data-total={result.total}>
      {result.randomVotedUsers.length > 0 && <Faces voters={result.randomVotedUsers} />}
      {result.total ? pluralize(result.total, quizUi.voters) : quizUi.noVotes}
    </span>
  );
}
