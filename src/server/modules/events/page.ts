import type { EventsPageServices } from '../../../shared/pages/events.ts';
import type { Ctx } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import { townById } from '../../lib/towns.ts';
import { isStaff, requireUser, type UserRow } from '../auth/index.ts';
import * as events from './service.ts';

export function eventsPage(ctx: Ctx, user: UserRow | null): EventsPageServices {
  return {
    list: (filters) => events.list(ctx, filters),
    calendar: (filters, month) => events.calendar(ctx, filters, month),
    one: (id) => events.one(ctx, user, id),
    mine: async () => (user ? events.mine(ctx, user) : []),
    queue: async () => {
      const staff = requireUser(user);
      if (!isStaff(staff)) throw forbidden();
      return (await events.queue(ctx, staff)).items;
    },
    widget: (townId) => events.widget(ctx, townId === null ? null : (townById(townId) ?? null), 0, 5),
  };
}
