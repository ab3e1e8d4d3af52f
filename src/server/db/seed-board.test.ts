import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../testing/harness.ts';
import { events as eventsTable } from './schema.ts';
import { finish, renewSeeded } from '../modules/events/service.ts';
import { company } from '../modules/vacancies/testing.ts';
import { localTime } from '../../shared/events.ts';
import { seedBoard, seedEvents, seedVacancies } from './seed-board.ts';

const { t, staff, signedIn } = useTestApp();

describe('the demo job board and events', () => {
  it('puts published vacancies and events to come on /job and /events', async () => {
    const founder = await signedIn('Основатель Демо');
    const users = new Map<string, number>();
    for (const key of ['anna', 'dmitry', 'maria']) users.set(key, (await signedIn(`Автор ${key}`)).id);
    const subsites = new Map<string, number>();
    for (const slug of ['severbank', 'pechka', 'tech']) subsites.set(slug, (await company(t, founder.id, slug)).id);
    const now = t.clock.now;
    await seedBoard(t.app.ctx, now, { subsites, users, founder: founder.id });

    const job = (await staff.get('/v3.0/job')).json();
    expect(job.rc).toBe(200);
    const vacancies = job.data.items as {
      title: string;
      town: { name: string } | null;
      is_remote: boolean;
      salary_from: number | null;
    }[];
    expect(vacancies.map((v) => v.title).toSorted()).toEqual(seedVacancies.map((v) => v.title).toSorted());
    // Different towns, remote work, salaries in roubles.
    expect(new Set(vacancies.flatMap((v) => (v.town ? [v.town.name] : []))).size).toBeGreaterThanOrEqual(4);
    expect(vacancies.some((v) => v.is_remote && v.town === null)).toBe(true);
    expect(vacancies.every((v) => (v.salary_from ?? 0) >= 10_000)).toBe(true);

    const listed = (await staff.get('/v3.0/events')).json();
    expect(listed.rc).toBe(200);
    const events = listed.data.items as {
      title: string;
      starts_at: string;
      time_zone: string;
      is_online: boolean;
      price: number;
    }[];
    expect(events.map((e) => e.title).toSorted()).toEqual(seedEvents.map((e) => e.title).toSorted());
    for (const e of events) {
      expect(new Date(e.starts_at).getTime()).toBeGreaterThan(now.getTime());
      expect(e.time_zone).toBe('Europe/Moscow');
    }
    expect(new Set(events.map((e) => e.is_online))).toEqual(new Set([true, false]));
    expect(events.some((e) => e.price === 0) && events.some((e) => e.price > 0)).toBe(true);
    // Set at whole Moscow times (the meetup at 19:00), soonest first.
    const meetup = events.find((e) => e.title === 'Митап мобильной разработки')!;
    expect(localTime(meetup.starts_at, 'Europe/Moscow').slice(11)).toBe('19:00');
    expect(events.map((e) => e.starts_at)).toEqual(events.map((e) => e.starts_at).toSorted());
  });

  it("keeps the demo's events to come: ended seeded events move on by whole weeks, nobody else's do", async () => {
    const db = t.app.ctx.db;
    const seeded = await db
      .select({ id: eventsTable.id, startsAt: eventsTable.startsAt, endsAt: eventsTable.endsAt })
      .from(eventsTable)
      .where(eq(eventsTable.seeded, true));
    expect(seeded.length).toBe(seedEvents.length);
    // A real user's event that ended a day ago: it stays past.
    const owner = await signedIn('Настоящий Организатор');
    const [real] = await db
      .insert(eventsTable)
      .values({
        subsiteId: owner.id,
        authorId: owner.id,
        title: 'Настоящая встреча',
        description: 'Прошла вчера.',
        startsAt: new Date(t.clock.now.getTime() - 26 * 3_600_000),
        endsAt: new Date(t.clock.now.getTime() - 24 * 3_600_000),
        format: seedEvents[0].format,
        state: 'published',
        publishedAt: new Date(t.clock.now.getTime() - 30 * 86_400_000),
      })
      .returning({ id: eventsTable.id, startsAt: eventsTable.startsAt });
    const started = t.clock.now;
    try {
      // The demo left for 45 days: every seeded event has ended, and the hourly task made them past.
      t.clock.now = new Date(started.getTime() + 45 * 86_400_000);
      await finish(t.app.ctx);
      expect((await staff.get('/v3.0/events')).json().data.items).toEqual([]);
      await renewSeeded(t.app.ctx);
      const week = 7 * 86_400_000;
      const after = await db
        .select({
          id: eventsTable.id,
          startsAt: eventsTable.startsAt,
          endsAt: eventsTable.endsAt,
          state: eventsTable.state,
        })
        .from(eventsTable);
      for (const e of seeded) {
        const now = after.find((a) => a.id === e.id)!;
        const moved = now.startsAt.getTime() - e.startsAt.getTime();
        // Whole weeks (same weekday and time), the fewest that put its end ahead again.
        expect(moved % week).toBe(0);
        expect(now.endsAt.getTime() - now.startsAt.getTime()).toBe(e.endsAt.getTime() - e.startsAt.getTime());
        expect(now.endsAt.getTime()).toBeGreaterThan(t.clock.now.getTime());
        expect(now.endsAt.getTime() - week).toBeLessThanOrEqual(t.clock.now.getTime());
        expect(now.state).toBe('published');
      }
      const untouched = after.find((a) => a.id === real.id)!;
      expect(untouched.state).toBe('past');
      expect(untouched.startsAt).toEqual(real.startsAt);
      const listed = (await staff.get('/v3.0/events')).json().data.items as { title: string }[];
      expect(listed.map((e) => e.title).toSorted()).toEqual(seedEvents.map((e) => e.title).toSorted());
      // Run again the same day: nothing moves further.
      await renewSeeded(t.app.ctx);
      const again = await db.select({ id: eventsTable.id, startsAt: eventsTable.startsAt }).from(eventsTable);
      for (const a of after) expect(again.find((x) => x.id === a.id)!.startsAt).toEqual(a.startsAt);
    } finally {
      t.clock.now = started;
    }
  });
});
