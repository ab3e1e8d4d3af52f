import { NEW_ACCOUNT_COMMENTS_PER_HOUR, NEW_ACCOUNT_HOURS } from '../../../shared/captcha.ts';
import { isStaff } from '../users/index.ts';
import type { Role } from '../../../shared/api.ts';

const HOUR = 3600_000;

/** Staff and accounts older than a day write without the new-account limits. */
export function isLimited(user: { role: Role; createdAt: Date }, now: Date): boolean {
  if (isStaff(user)) return false;
  return now.getTime() - user.createdAt.getTime() < NEW_ACCOUNT_HOURS * HOUR;
}

export const commentWindowStart = (now: Date) => new Date(now.getTime() - HOUR);
/** Over the hourly comment limit; scaled like every rate limit (RATE_LIMIT_SCALE). */
export const overCommentLimit = (recent: number, scale: number) =>
  recent >= Math.max(1, Math.round(NEW_ACCOUNT_COMMENTS_PER_HOUR * scale));
