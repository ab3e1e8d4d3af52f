import { messages } from '../../../shared/catalogue.ts';
import type { Role } from '../../../shared/api.ts';
import type { SiteRoleResult } from '../../../shared/api/moderation.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest } from '../../lib/errors.ts';
import { userWrites } from '../users/index.ts';
import * as policy from './policy.ts';
import { type Actor, target } from './common.ts';
import { recordAction } from './audit.ts';

/**
 * Gives or takes back a site role (issue 32) in /admin; `npm start -- --admin EMAIL` stays the operator's first key.
 * The superusers' rows are locked while one of them loses the role, so the last superuser always stays.
 */
export async function setSiteRole(ctx: Ctx, actor: Actor, userId: number, role: Role): Promise<SiteRoleResult> {
  return transaction(ctx, async (ctx) => {
    const person = await target(ctx, userId);
    policy.assertCanSetRole(actor, person, role);
    const previous = person.role;
    if (previous === role) return { user_id: userId, role, previous };
    if (previous === 'superuser' && (await userWrites.lockSuperusers(ctx.db)) <= 1)
      throw badRequest(messages.siteRoleLastSuperuser);
    await userWrites.setSiteRole(ctx.db, userId, role);
    await recordAction(ctx, {
      actorId: actor.id,
      action: 'user.role',
      targetType: 'user',
      targetId: userId,
      data: { from: previous, to: role },
    });
    return { user_id: userId, role, previous };
  });
}
