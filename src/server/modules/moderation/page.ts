import type { ModerationPageServices } from '../../../shared/pages/moderation.ts';
import type { Ctx } from '../../context.ts';
import { found } from '../../http/page-status.ts';
import type { UserRow } from '../auth/index.ts';
import { isBanned, isStaff } from '../auth/index.ts';
import { forbidden } from '../../lib/errors.ts';
import * as moderation from './service.ts';
import * as complaints from '../complaints/service.ts';

export function moderationPage(ctx: Ctx, user: UserRow | null): ModerationPageServices {
  return {
    panel: ({ tab, query, userId }) =>
      found(user, async (u) => {
        // As the API's 'staff' access: a banned staff member is refused too.
        if (!isStaff(u) || isBanned(u, ctx.now())) throw forbidden();
        const q = query.trim().slice(0, 100);
        return {
          tab,
          query: q,
          search: tab === 'users' && q ? (await moderation.searchUsers(ctx, u, q)).items : null,
          card: tab === 'users' && userId ? await moderation.userCard(ctx, u, userId).catch(notFoundToNull) : null,
          bans: tab === 'bans' ? await moderation.activeBans(ctx, u, null) : null,
          audit: tab === 'audit' ? await moderation.auditLog(ctx, u, { lastId: null }) : null,
          queues:
            tab === 'queues'
              ? {
                  complaints: (await complaints.complaintsQueue(ctx, u, null)).items,
                  misprints: (await complaints.misprintsQueue(ctx, u, null)).items,
                  approval: (await moderation.reviewQueue(ctx, u, 'approval')).items,
                  spam: (await moderation.reviewQueue(ctx, u, 'spam')).items,
                }
              : null,
        };
      }),
  };
}

/** An unknown user number in the address shows the panel without a card, not an error page. */
function notFoundToNull(err: unknown) {
  if (err && typeof err === 'object' && 'rc' in err && err.rc === 404) return null;
  throw err;
}
