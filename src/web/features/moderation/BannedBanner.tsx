import { moderationShownUi } from '../../../shared/catalogue/shown.ts';
import { formatUntil } from '../../../shared/format.ts';
import type { OwnBan } from '../../../shared/moderation.ts';

/** A banned person sees why and until when, on every page, above the content. */
export function BannedBanner({ ban }: { ban: OwnBan | null | undefined }) {
  if (!ban) return null;
  const until = ban.until ? formatUntil(ban.until, { timeZone: 'Europe/Moscow' }) : null;
  return (
    <div className="mod-banned-banner" role="status" data-testid="banned-banner">
      <p>
        <b>{until ? moderationShownUi.bannedUntilTitle(until) : moderationShownUi.bannedForeverTitle}</b>
        {ban.reason && <> {moderationShownUi.bannedReason(ban.reason)}</>}
      </p>
      <p>{moderationShownUi.bannedBanner}</p>
    </div>
  );
}
