import type { VacanciesPageServices } from '../../../shared/pages/vacancies.ts';
import type { Ctx } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import { townById } from '../../lib/towns.ts';
import { isStaff, requireUser, type UserRow } from '../auth/index.ts';
import * as vacancies from './service.ts';

export function vacanciesPage(ctx: Ctx, user: UserRow | null): VacanciesPageServices {
  return {
    list: (filters) => vacancies.list(ctx, filters, null),
    one: (id) => vacancies.one(ctx, user, id),
    mine: async () => (user ? vacancies.mine(ctx, user) : []),
    queue: async () => {
      const staff = requireUser(user);
      if (!isStaff(staff)) throw forbidden();
      return (await vacancies.queue(ctx, staff)).items;
    },
    readerTown: async (cookie) => vacancies.presentTown((await vacancies.readerTown(ctx, user, cookie)) ?? undefined),
    town: async (id) => vacancies.presentTown(townById(id)),
    widget: (townId) => vacancies.widget(ctx, townId === null ? null : (townById(townId) ?? null), 0, 5),
    authorBlogs: async () => (user ? vacancies.authorBlogs(ctx, user) : []),
  };
}
