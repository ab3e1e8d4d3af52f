import { count, eq } from 'drizzle-orm';
import { events } from '../../db/schema.ts';
import type { TestApp } from '../../testing/harness.ts';

/** Test helpers of the events module: a valid body some days ahead, counts and rows. */
export const KAZAN = 5;

/** `YYYY-MM-DDTHH:MM` in UTC `days` from now at `hour` (wall-clock in the event's zone once sent). */
export const localDay = (days: number, hour = 19) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
};

export const goodEvent = (over: Record<string, unknown> = {}) => ({
  title: 'Митап фронтендеров',
  description: 'Доклады о React, доступности и скорости интерфейсов.',
  starts_at: localDay(10, 19),
  ends_at: localDay(10, 22),
  town_id: KAZAN,
  address: 'ул. Баумана, 1',
  format: 'meetup',
  price: 0,
  register_url: 'https://example.ru/meetup',
  rules: true,
  agreement: true,
  ...over,
});

export const eventCount = async (t: TestApp) => (await t.database.db.select({ n: count() }).from(events))[0].n;

export const eventRow = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(events).where(eq(events.id, id)))[0];
