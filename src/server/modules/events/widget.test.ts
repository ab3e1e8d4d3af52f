import { describe, expect, it } from 'vitest';
import { EMBEDDABLE_POLICY } from '../../lib/security-headers.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { moderator, MOSCOW } from '../vacancies/testing.ts';
import { goodEvent, KAZAN } from './testing.ts';

const { t, signedIn } = useTestApp();

describe('GET /widget/events/external', () => {
  it('is a page other sites may frame, with the town’s events to come, escaped, and no cookies', async () => {
    const author = await signedIn('Автор');
    const mod = await moderator(t);
    const post = async (over: Record<string, unknown>, publish = true) => {
      const id = (await author.v.post('/v3.0/events/create', goodEvent(over))).json().data.id as number;
      if (publish) expect((await mod.v.post(`/v3.0/events/${id}/publish`, {})).json().rc).toBe(200);
      return id;
    };
    const kazan = await post({ title: 'Митап <b>в Казани</b>', price: 500 });
    const moscow = await post({ title: 'Митап в Москве', town_id: MOSCOW, address: '' });
    const waiting = await post({ title: 'Митап на проверке' }, false);

    // A signed-in reader's cookies change nothing and none is set.
    const res = await author.v.get(`/widget/events/external?location=${KAZAN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(EMBEDDABLE_POLICY);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('<title>Мероприятия</title>');
    expect(res.body).toContain('Митап &lt;b&gt;в Казани&lt;/b&gt;');
    expect(res.body).toContain(`href="${t.app.ctx.config.publicUrl}/events/${kazan}" target="_blank" rel="noopener"`);
    expect(res.body).toContain('<div class="w__line">Казань, ул. Баумана, 1 · 500\u00a0₽</div>');
    expect(res.body).not.toContain(`/events/${moscow}"`);
    expect(res.body).not.toContain(`/events/${waiting}"`);
    expect(res.body).toContain(`${t.app.ctx.config.publicUrl}/events?town_id=${KAZAN}`);

    // Without a town: every town; an event over leaves.
    const any = await new Visitor(t.app).get('/widget/events/external');
    expect(any.body).toContain(`/events/${moscow}"`);
    expect(any.body).toContain(`/events/${kazan}"`);
    expect(any.headers['set-cookie']).toBeUndefined();
    const start = t.clock.now;
    try {
      t.clock.now = new Date(Date.now() + 60 * 86_400_000);
      expect((await new Visitor(t.app).get('/widget/events/external')).body).toContain('Мероприятий пока нет');
    } finally {
      t.clock.now = start;
    }

    // The rest of the site still refuses framing.
    const page = await new Visitor(t.app).get('/v3.0/widget/events');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses a bad town and unknown fields with a Russian message', async () => {
    const v = new Visitor(t.app);
    for (const q of ['location=abc', 'location=0', 'location=-5', `location=${'9'.repeat(30)}`, 'location=1&x=2'])
      expect(isRussianError(await v.get(`/widget/events/external?${q}`), 400), q).toBe(true);
    expect((await v.get('/widget/events/external?location=999999')).statusCode).toBe(200);
  });
});
