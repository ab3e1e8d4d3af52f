import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/harness.ts';
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
});
