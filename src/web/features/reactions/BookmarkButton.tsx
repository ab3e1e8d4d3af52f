import { useEffect, useState } from 'react';
import type { change } from '../../../shared/api/bookmarks.ts';
import type { ReactionTarget } from '../../../shared/reactions.ts';
import { reactionsUi } from '../../../shared/catalogue/reactions.ts';
import { compactCount } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import { reportFailure } from '../../api/request.ts';
import { BookmarkIcon } from './icons.tsx';

/**
 * Keeps or drops a bookmark; entries show how many readers keep one. Anonymous clicks sign in first (rc 401); a failure
 * says so (spec/content.md §8).
 */
export function BookmarkButton({
  type,
  id,
  favorited,
  count,
}: {
  type: ReactionTarget;
  id: number;
  favorited: boolean;
  count?: number;
}) {
  const [state, setState] = useState({ favorited, count });
  const [busy, setBusy] = useState(false);
  useEffect(() => setState({ favorited, count }), [favorited, count]);

  async function toggle() {
    if (busy) return;
    setBusy(true);
    const result = await call<typeof change>(
      'POST /favorite/change',
      { id, type, state: state.favorited ? 0 : 1 },
      { notify: false },
    );
    setBusy(false);
    if (result.ok) setState({ favorited: result.data.state === 1, count: result.data.count ?? undefined });
    else reportFailure(result, state.favorited ? reactionsUi.bookmarkRemoveFailed : reactionsUi.bookmarkAddFailed);
  }

  const label = state.favorited ? reactionsUi.bookmarkRemove : reactionsUi.bookmarkAdd;
  return (
    <button
      type="button"
      className={`reaction-btn bookmark-btn${state.favorited ? ' is-active' : ''}`}
      onClick={toggle}
      aria-pressed={state.favorited}
      aria-label={label}
      title={label}
      data-testid="bookmark-button"
    >
      <BookmarkIcon filled={state.favorited} />
      {state.count ? <span data-testid="bookmark-count">{compactCount(state.count)}</span> : null}
    </button>
  );
}
