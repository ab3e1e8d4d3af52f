import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vacancies } from '../../db/schema.ts';
import { useTestApp, Visitor } from '../../testing/harness.ts';
import { LIST_CACHE_MS } from './service.ts';
import { company, goodVacancy, KAZAN, moderator } from './testing.ts';

/** In production a page of /job is read once per few seconds per filter set; this node's own changes show at once. */
const { t, signedIn } = useTestApp({ sharedCaches: true });

const titles = async (query = '') =>
  ((await new Visitor(t.app).get(`/v3.0/job${query}`)).json().data.items as { title: string }[]).map((i) => i.title);

describe('the job list in production', () => {
  it('serves a page until it expires per filter set, and drops it when a vacancy is published or edited here', async () => {
    const owner = await signedIn();
    const firm = await company(t, owner.id);
    const mod = await moderator(t);
    const post = async (title: string) => {
      const id = (await owner.v.post('/v3.0/job/create', goodVacancy({ title, subsite_id: firm.id }))).json().data
        .id as number;
      expect((await mod.v.post(`/v3.0/job/${id}/publish`, {})).json().rc).toBe(200);
      return id;
    };
    const first = await post('Редактор новостей');
    expect(await titles()).toEqual(['Редактор новостей']);
    expect(await titles(`?town_id=${KAZAN}`)).toEqual(['Редактор новостей']);

    // Changed by another node (a write this node did not answer): not seen until the kept pages expire.
    await t.database.db.update(vacancies).set({ title: 'Старший редактор' }).where(eq(vacancies.id, first));
    expect(await titles()).toEqual(['Редактор новостей']);
    expect(await titles(`?town_id=${KAZAN}`)).toEqual(['Редактор новостей']);
    t.clock.now = new Date(Date.now() + LIST_CACHE_MS + 1);
    try {
      expect(await titles()).toEqual(['Старший редактор']);
      // A publication this node answers shows at once, in every filter set.
      await post('Фоторедактор');
      expect(await titles()).toEqual(['Фоторедактор', 'Старший редактор']);
      expect(await titles(`?town_id=${KAZAN}`)).toEqual(['Фоторедактор', 'Старший редактор']);
    } finally {
      t.clock.now = new Date();
    }
  });
});
