import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOARD_KINDS } from '../../shared/board.ts';
import { ui } from '../../shared/catalogue.ts';
import { auditLog } from '../db/schema.ts';
import { goodEvent } from '../modules/events/testing.ts';
import { goodVacancy, KAZAN, moderator, MOSCOW } from '../modules/vacancies/testing.ts';
import { EMBEDDABLE_POLICY } from './security-headers.ts';
import { isRussianError, useTestApp, Visitor } from '../testing/harness.ts';

/**
 * What vacancies and events share (lib/board.ts, shared/api/board.ts), each kind through its own routes: staff's
 * decisions in the audit log and the widget other sites frame.
 */
const { t, signedIn } = useTestApp();

interface Item {
  action: string;
  target_type: string;
  target_id: number;
  target_url: string | null;
  target_name: string | null;
  reason: string;
  actor: { id: number } | null;
}

const KINDS = [
  {
    kind: 'event',
    plural: 'events',
    good: goodEvent,
    author: 'Автор Мероприятий',
    titles: ['Митап аналитиков', 'Ярмарка вакансий', 'Лекция о дизайне', 'Хакатон'],
    rejectReason: 'Нет программы',
    unpublishReason: 'Мероприятие отменено',
    nouns: { accusative: 'мероприятие', nominative: 'мероприятие' },
    widget: {
      what: 'events to come',
      word: 'Митап',
      kazan: { price: 500 },
      moscow: { address: '' },
      lines: ['<div class="w__line">Казань, ул. Баумана, 1 · 500\u00a0₽</div>'],
      title: ui.events.widgetTitle,
      /** An event over leaves the widget. */
      over: ui.events.widgetEmpty,
    },
  },
  {
    kind: 'vacancy',
    plural: 'vacancies',
    good: goodVacancy,
    author: 'Автор Вакансий',
    titles: ['Бухгалтер', 'Курьер', 'Дизайнер', 'Тестировщик'],
    rejectReason: 'Нет обязанностей',
    unpublishReason: 'Вакансия закрыта',
    nouns: { accusative: 'вакансию', nominative: 'вакансия' },
    widget: {
      what: 'vacancies',
      word: 'Сварщик',
      kazan: { salary_from: 70_000, salary_to: 90_000 },
      moscow: {},
      lines: [
        '<div class="w__line">70\u00a0000\u00a0₽ — 90\u00a0000\u00a0₽</div>',
        '<div class="w__line">ООО «Среда» · Казань</div>',
      ],
      title: ui.vacancies.widgetTitle,
      over: null,
    },
  },
] as const;

describe.each(KINDS)('staff decisions on $plural in the audit log', (k) => {
  const path = `/v3.0${BOARD_KINDS[k.kind].path}`;
  it('publishing, rejecting with a reason and staff’s unpublishing are logged; the author’s own steps are not', async () => {
    const author = await signedIn(k.author);
    const mod = await moderator(t);
    const post = async (title: string) =>
      (await author.v.post(`${path}/create`, k.good({ title }))).json().data.id as number;
    const [kept, refused, taken, own] = [
      await post(k.titles[0]),
      await post(k.titles[1]),
      await post(k.titles[2]),
      await post(k.titles[3]),
    ];
    const logOf = async (id: number) => {
      await t.app.ctx.events.settled();
      const items: Item[] = (await mod.v.get('/v3.0/admin/audit')).json().data.items;
      return items.filter((i) => i.target_type === k.kind && i.target_id === id);
    };

    // A refused decision (no reason, a huge reason, a repeat, someone who is not staff) writes nothing.
    expect(isRussianError(await mod.v.post(`${path}/${refused}/reject`, { reason_text: '' }), 400)).toBe(true);
    expect(
      isRussianError(await mod.v.post(`${path}/${refused}/reject`, { reason_text: 'я'.repeat(100_000) }), 400),
    ).toBe(true);
    expect(isRussianError(await author.v.post(`${path}/${refused}/publish`, {}), 403)).toBe(true);
    expect(await logOf(refused)).toEqual([]);

    expect((await mod.v.post(`${path}/${kept}/publish`, {})).json().rc).toBe(200);
    expect(isRussianError(await mod.v.post(`${path}/${kept}/publish`, {}), 400)).toBe(true);
    expect(await logOf(kept)).toEqual([
      expect.objectContaining({
        action: `${k.kind}.publish`,
        target_url: `${BOARD_KINDS[k.kind].path}/${kept}`,
        target_name: k.titles[0],
        reason: '',
        actor: expect.objectContaining({ id: mod.id }),
      }),
    ]);

    expect((await mod.v.post(`${path}/${refused}/reject`, { reason_text: k.rejectReason })).json().rc).toBe(200);
    expect(await logOf(refused)).toEqual([
      expect.objectContaining({ action: `${k.kind}.reject`, reason: k.rejectReason, target_name: k.titles[1] }),
    ]);

    await mod.v.post(`${path}/${taken}/publish`, {});
    await mod.v.post(`${path}/${taken}/unpublish`, { reason_text: k.unpublishReason });
    expect((await logOf(taken)).map((i) => [i.action, i.reason])).toEqual([
      [`${k.kind}.unpublish`, k.unpublishReason],
      [`${k.kind}.publish`, ''],
    ]);

    // The author taking their own item off is no staff decision.
    await mod.v.post(`${path}/${own}/publish`, {});
    expect((await author.v.post(`${path}/${own}/unpublish`, {})).json().rc).toBe(200);
    expect((await logOf(own)).map((i) => i.action)).toEqual([`${k.kind}.publish`]);

    // The filter by action and the stored row (the author is kept for the person's card).
    const filtered = (await mod.v.get(`/v3.0/admin/audit?action=${k.kind}.reject`)).json().data.items as Item[];
    expect(filtered.map((i) => i.target_id)).toEqual([refused]);
    expect(filtered.every((i) => i.action === `${k.kind}.reject`)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, `${k.kind}.reject`));
    expect(row).toMatchObject({ actorId: mod.id, targetType: k.kind, data: { author_id: author.id } });
    expect(ui.moderation.actions[`${k.kind}.reject`]).toMatchObject({
      he: 'отклонил',
      she: 'отклонила',
      object: 'accusative',
    });
    expect(ui.moderation.targetNouns.accusative[k.kind]).toBe(k.nouns.accusative);
    expect(ui.moderation.targets[k.kind]).toBe(k.nouns.nominative);
  });
});

describe.each(KINDS.map((k) => ({ ...k, name: BOARD_KINDS[k.kind].widget })))('GET /widget/$name/external', (k) => {
  const { name } = k;
  const list = BOARD_KINDS[k.kind].path;
  const w = k.widget;
  it(`is a page other sites may frame, with the town’s ${w.what}, escaped, and no cookies`, async () => {
    const author = await signedIn('Автор');
    const mod = await moderator(t);
    const post = async (over: Record<string, unknown>, publish = true) => {
      const id = (await author.v.post(`/v3.0${list}/create`, k.good(over))).json().data.id as number;
      if (publish) expect((await mod.v.post(`/v3.0${list}/${id}/publish`, {})).json().rc).toBe(200);
      return id;
    };
    const kazan = await post({ title: `${w.word} <b>в Казани</b>`, ...w.kazan });
    const moscow = await post({ title: `${w.word} в Москве`, town_id: MOSCOW, ...w.moscow });
    const waiting = await post({ title: `${w.word} на проверке` }, false);

    // A signed-in reader's cookies change nothing and none is set.
    const res = await author.v.get(`/widget/${name}/external?location=${KAZAN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(EMBEDDABLE_POLICY);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain(`<title>${w.title}</title>`);
    expect(res.body).toContain(`${w.word} &lt;b&gt;в Казани&lt;/b&gt;`);
    expect(res.body).toContain(`href="${t.app.ctx.config.publicUrl}${list}/${kazan}" target="_blank" rel="noopener"`);
    for (const line of w.lines) expect(res.body).toContain(line);
    expect(res.body).not.toContain(`${list}/${moscow}"`);
    expect(res.body).not.toContain(`${list}/${waiting}"`);
    expect(res.body).toContain(`${t.app.ctx.config.publicUrl}${list}?town_id=${KAZAN}`);

    // Without a town: every town.
    const any = await new Visitor(t.app).get(`/widget/${name}/external`);
    expect(any.body).toContain(`${list}/${moscow}"`);
    expect(any.body).toContain(`${list}/${kazan}"`);
    expect(any.headers['set-cookie']).toBeUndefined();
    if (w.over) {
      const start = t.clock.now;
      try {
        t.clock.now = new Date(Date.now() + 60 * 86_400_000);
        expect((await new Visitor(t.app).get(`/widget/${name}/external`)).body).toContain(w.over);
      } finally {
        t.clock.now = start;
      }
    }

    // The rest of the site still refuses framing.
    const page = await new Visitor(t.app).get(`/v3.0/widget/${name}`);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('refuses a bad town and unknown fields with a Russian message', async () => {
    const v = new Visitor(t.app);
    for (const q of ['location=abc', 'location=0', 'location=-5', `location=${'9'.repeat(30)}`, 'location=1&x=2'])
      expect(isRussianError(await v.get(`/widget/${name}/external?${q}`), 400), q).toBe(true);
    // A well-formed id that is no town shows every town's items, as the column's widget does.
    expect((await v.get(`/widget/${name}/external?location=999999`)).statusCode).toBe(200);
  });
});

describe.each(KINDS)('the $plural list’s search', (k) => {
  const list = BOARD_KINDS[k.kind].path;
  it('finds by the words’ stems (search_vector) and the last word as a prefix; signs alone find nothing', async () => {
    const author = await signedIn('Искатель Слов');
    const mod = await moderator(t);
    const id = (await author.v.post(`/v3.0${list}/create`, k.good({ title: 'Хлебопекарный цех' }))).json().data.id;
    expect((await mod.v.post(`/v3.0${list}/${id}/publish`, {})).json().rc).toBe(200);
    const found = async (q: string) =>
      (
        (await new Visitor(t.app).get(`/v3.0${list}?q=${encodeURIComponent(q)}`)).json().data.items as { id: number }[]
      ).map((i) => i.id);
    expect(await found('хлебопекарного')).toEqual([id]);
    expect(await found('цех хлебопек')).toEqual([id]);
    expect(await found('«Цеха»!')).toEqual([id]);
    expect(await found('кондитерский цех')).toEqual([]);
    expect(await found('%_ & !')).toEqual([]);
  });
});
