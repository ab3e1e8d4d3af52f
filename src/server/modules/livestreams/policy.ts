import { messages } from '../../../shared/catalogue.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import type { SubsiteRow } from '../subsites/index.ts';
import type { StreamRow } from './queries.ts';

/** Who may do what with live streams: every permission of the module is decided here. */

/**
 * The site's stream (no subsite) is staff's; a subsite's is its owner's and admins' (`manages`, subsites' roles) and
 * staff's. An unknown subsite is 404.
 */
export function assertCanManage(
  user: Pick<UserRow, 'role'>,
  subsiteId: number | null,
  subsite: SubsiteRow | undefined,
  manages: boolean,
): void {
  if (subsiteId === null) {
    if (!isStaff(user)) throw forbidden(messages.liveStreamSiteForbidden);
    return;
  }
  if (!subsite) throw notFound(messages.liveStreamSubsiteNotFound);
  if (!manages && !isStaff(user)) throw forbidden(messages.liveStreamForbidden);
}

/** A stream plays only while it is on; off or unknown it is 404 to everyone, its managers too (they have settings). */
export function assertOn(stream: StreamRow | undefined): asserts stream is StreamRow {
  if (!stream?.isEnabled) throw notFound(messages.liveStreamNotFound);
}

/**
 * A Plus stream plays for a reader whose live token is the site's and unexpired (`tokenUser`) and who has Plus now:
 * anyone else gets 402, which opens the Plus popup (spec/content.md §8).
 */
export function assertCanWatch(stream: StreamRow, tokenUser: number | null, plusNow: boolean): void {
  if (stream.access === 'everyone') return;
  if (tokenUser === null || !plusNow) throw new ApiError(402, messages.liveStreamPlusRequired);
}
