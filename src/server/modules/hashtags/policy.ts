import { HASHTAG_MUTES_MAX } from '../../../shared/hashtags.ts';
import { badRequestOf } from '../../lib/errors.ts';

/** Who may do what with hashtags; the one place this module decides. Reading is open; muting needs an active reader (the route's access). */

/** A reader keeps at most HASHTAG_MUTES_MAX muted tags. */
export function assertMuteRoom(current: number, adding: number) {
  if (current + adding > HASHTAG_MUTES_MAX) throw badRequestOf('hashtagMutesTooMany', HASHTAG_MUTES_MAX);
}
