import { count, eq } from 'drizzle-orm';
import { subsiteRoles, subsites, users, vacancies } from '../../db/schema.ts';
import type { TestApp } from '../../testing/harness.ts';
import { newUser } from '../../testing/harness.ts';

/** Test helpers of the vacancies module: a valid body, a company with its owner, a moderator, counts. */
export const KAZAN = 5;
export const MOSCOW = 1;

/** A description as the editor sends it: one paragraph block. */
export const paragraph = (text: string) => [{ type: 'text', data: { text } }];

export const goodVacancy = (over: Record<string, unknown> = {}) => ({
  title: 'Frontend-разработчик',
  company: 'ООО «Среда»',
  description: paragraph('Делать интерфейсы редакции: React, TypeScript, доступность.'),
  salary_from: 150_000,
  salary_to: 250_000,
  town_id: KAZAN,
  specialisation: 'development',
  experience: '1-3',
  employment: 'full',
  apply_url: 'https://example.ru/jobs/1',
  rules: true,
  agreement: true,
  ...over,
});

let seq = 0;
export async function company(t: TestApp, ownerId: number, name = 'Компания Ромашка') {
  seq += 1;
  const [row] = await t.database.db
    .insert(subsites)
    .values({ type: 'company', name, slug: `romashka-${Date.now()}-${seq}` })
    .returning();
  await t.database.db.insert(subsiteRoles).values({ subsiteId: row.id, userId: ownerId, role: 'owner' });
  return row;
}

export async function moderator(t: TestApp) {
  const u = await newUser(t.app, 'Модератор Вакансий');
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, u.id));
  return u;
}

export const vacancyCount = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(vacancies))[0].n;

export const vacancyRow = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(vacancies).where(eq(vacancies.id, id)))[0];
