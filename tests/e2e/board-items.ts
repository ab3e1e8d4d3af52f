import { expect } from 'vitest';
import { callApi, type Server } from './harness.ts';

/** Казань's id in the town list: the board tests' town. */
export const KAZAN = 5;
const DAY_MS = 86_400_000;
/** A day `n` days ahead (`2026-12-05`) and a wall-clock time on it. */
export const dayAhead = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
export const timeAhead = (n: number, hour: number) => `${dayAhead(n)}T${String(hour).padStart(2, '0')}:00`;

/** A `/v3.0/job/create` body that passes every check, in Казань; `over` changes or adds fields. */
export const vacancyBody = (over: Record<string, unknown> = {}) => ({
  title: 'Вакансия',
  company: 'ООО Ромашка',
  description: [{ type: 'text', data: { text: 'Задачи, требования и условия.' } }],
  salary_from: 100_000,
  salary_to: 150_000,
  town_id: KAZAN,
  specialisation: 'development',
  experience: '1-3',
  employment: 'full',
  apply_url: 'https://example.ru/jobs',
  rules: true,
  agreement: true,
  ...over,
});

/** A `/v3.0/events/create` body that passes every check: in Казань five days ahead, 18:00–21:00, free. */
export const eventBody = (over: Record<string, unknown> = {}) => ({
  title: 'Мероприятие',
  description: 'Доклады и обсуждение.',
  starts_at: timeAhead(5, 18),
  ends_at: timeAhead(5, 21),
  town_id: KAZAN,
  address: 'ул. Баумана, 1',
  format: 'meetup',
  price: 0,
  register_url: 'https://example.ru/reg',
  rules: true,
  agreement: true,
  ...over,
});

/** Posts a vacancy (`job`) or an event and publishes it as staff (`cookie` must be staff's); its id. */
export async function publishedBoardItem(
  server: Server,
  cookie: string,
  kind: 'job' | 'events',
  body: Record<string, unknown>,
): Promise<number> {
  const made = await callApi<{ id: number }>(server, `/v3.0/${kind}/create`, cookie, body);
  expect(made.rc, JSON.stringify(made)).toBe(200);
  expect((await callApi(server, `/v3.0/${kind}/${made.data.id}/publish`, cookie, {})).rc).toBe(200);
  return made.data.id;
}
