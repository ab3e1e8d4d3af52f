import { describe, expect, it } from 'vitest';
import { EMBEDDABLE_POLICY } from '../../lib/security-headers.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { goodVacancy, KAZAN, moderator, MOSCOW } from './testing.ts';

const { t, signedIn } = useTestApp();

describe('GET /widget/job/external', () => {
  it('is a page other sites may frame, with the town’s vacancies, escaped, and no cookies', async () => {
    const author = await signedIn('Автор');
    const mod = await moderator(t);
    const post = async (over: Record<string, unknown>) => {
      const id = (await author.v.post('/v3.0/job/create', goodVacancy(over))).json().data.id as number;
      expect((await mod.v.post(`/v3.0/job/${id}/publish`, {})).json().rc).toBe(200);
      return id;
    };
    const kazan = await post({ title: 'Сварщик <b>в Казани</b>', salary_from: 70_000, salary_to: 90_000 });
    const moscow = await post({ title: 'Сварщик в Москве', town_id: MOSCOW });

    // A signed-in reader's cookies change nothing and none is set.
    const res = await author.v.get(`/widget/job/external?location=${KAZAN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(EMBEDDABLE_POLICY);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('Сварщик &lt;b&gt;в Казани&lt;/b&gt;');
    expect(res.body).toContain(`href="${t.app.ctx.config.publicUrl}/job/${kazan}" target="_blank" rel="noopener"`);
    expect(res.body).toContain('<div class="w__line">70\u00a0000\u00a0₽ — 90\u00a0000\u00a0₽</div>');
    expect(res.body).toContain('<div class="w__line">ООО «Среда» · Казань</div>');
    expect(res.body).not.toContain(`/job/${moscow}"`);
    expect(res.body).toContain(`${t.app.ctx.config.publicUrl}/job?town_id=${KAZAN}`);

    // Without a town: every town.
    const any = await new Visitor(t.app).get('/widget/job/external');
    expect(any.body).toContain(`/job/${moscow}"`);
    expect(any.headers['set-cookie']).toBeUndefined();

    // The rest of the site still refuses framing.
    const page = await new Visitor(t.app).get('/v3.0/widget/job');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses a bad town and unknown fields with a Russian message', async () => {
    const v = new Visitor(t.app);
    for (const q of ['location=abc', 'location=0', 'location=-5', `location=${'9'.repeat(30)}`, 'location=1&x=2'])
      expect(isRussianError(await v.get(`/widget/job/external?${q}`), 400), q).toBe(true);
    // A well-formed id that is no town shows every town's vacancies, as the column's widget does.
    expect((await v.get('/widget/job/external?location=999999')).statusCode).toBe(200);
  });
});
