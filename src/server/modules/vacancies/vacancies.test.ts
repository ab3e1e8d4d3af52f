import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { notifications, users } from '../../db/schema.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { isRussianError, useTestApp, type Visitor } from '../../testing/harness.ts';
import { company, goodVacancy, paragraph, KAZAN, moderator, vacancyCount, vacancyRow } from './testing.ts';

const { t, signedIn } = useTestApp();

const create = (v: Visitor, body: unknown) => v.post('/v3.0/job/create', body);
const noticesOf = async (userId: number) => {
  await jobsOf(t.app.ctx).drain();
  return (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => (n.data as { text?: string }).text ?? '',
  );
};

describe('POST /v3.0/job/create', () => {
  it('stores a person’s vacancy on moderation and answers it whole', async () => {
    const author = await signedIn('Автор Вакансии');
    const res = await create(author.v, goodVacancy());
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().rm).toBe(messages.vacancyCreated);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'Frontend-разработчик',
      company: 'ООО «Среда»',
      state: 'moderation',
      town: { id: KAZAN, name: 'Казань', region: 'Республика Татарстан' },
      salary_from: 150_000,
      salary_to: 250_000,
      is_remote: false,
      published_at: null,
      can_edit: true,
      can_unpublish: true,
      can_moderate: false,
      subsite: { id: author.id, type: 'user' },
    });
    expect((await vacancyRow(t, data.id)).state).toBe('moderation');
  });

  it('posts from a company its owner runs; the company’s name stands in for an empty one', async () => {
    const owner = await signedIn('Владелец Компании');
    const co = await company(t, owner.id, 'ООО Ромашка');
    const res = await create(owner.v, goodVacancy({ subsite_id: co.id, company: '' }));
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ company: 'ООО Ромашка', subsite: { id: co.id, type: 'company' } });
  });

  it('refuses a company or a blog the person does not run, and anonymous posting', async () => {
    const owner = await signedIn('Владелец');
    const stranger = await signedIn('Посторонний');
    const co = await company(t, owner.id);
    const before = await vacancyCount(t);
    const foreignCompany = await create(stranger.v, goodVacancy({ subsite_id: co.id }));
    expect(isRussianError(foreignCompany, 403)).toBe(true);
    expect(foreignCompany.json().rm).toBe(messages.vacancySubsiteForbidden);
    expect(isRussianError(await create(stranger.v, goodVacancy({ subsite_id: owner.id })), 403)).toBe(true);
    expect(isRussianError(await create(stranger.v, goodVacancy({ subsite_id: 99_999_999 })), 404)).toBe(true);
    const { Visitor } = await import('../../testing/harness.ts');
    expect((await create(new Visitor(t.app), goodVacancy())).statusCode).toBe(401);
    expect(await vacancyCount(t)).toBe(before);
  });

  // Each bad body: the field the refusal names and its Russian text; nothing is stored.
  const bad: [string, Record<string, unknown>, string, string][] = [
    ['salary from above to', { salary_from: 300_000, salary_to: 100_000 }, 'salary_from', messages.vacancySalaryRange],
    ['unknown town', { town_id: 99_999 }, 'town_id', messages.vacancyTownUnknown],
    ['no town, not remote', { town_id: null }, 'town_id', messages.vacancyTownRequired],
    ['a javascript: link', { apply_url: 'javascript:alert(1)' }, 'apply_url', messages.vacancyApplyUrlInvalid],
    ['an ftp link', { apply_url: 'ftp://example.ru/cv' }, 'apply_url', messages.vacancyApplyUrlInvalid],
    ['no way to apply', { apply_url: '', apply_contact: '' }, 'apply_url', messages.vacancyApplyRequired],
    ['rules not accepted', { rules: false }, 'rules', messages.vacancyRulesRequired],
    ['rules missing', { rules: undefined }, 'rules', messages.vacancyRulesRequired],
    ['agreement not accepted', { agreement: 0 }, 'agreement', messages.vacancyAgreementRequired],
    ['title missing', { title: undefined }, 'title', messages.vacancyTitleRequired],
    ['title of spaces', { title: '   ' }, 'title', messages.vacancyTitleRequired],
    ['title a number', { title: 5 }, 'title', messages.vacancyTitleRequired],
    ['title too long', { title: 'я'.repeat(121) }, 'title', messages.vacancyTitleTooLong(120)],
    [
      'description huge',
      { description: paragraph('д'.repeat(10_001)) },
      'description',
      messages.vacancyDescriptionTooLong(10_000),
    ],
    ['description missing', { description: undefined }, 'description', messages.vacancyDescriptionRequired],
    ['description empty', { description: [] }, 'description', messages.vacancyDescriptionRequired],
    ['description plain text', { description: 'просто текст' }, 'description', messages.vacancyDescriptionNotBlocks],
    [
      'description of an unknown block',
      { description: [{ type: 'iframe', data: { src: 'https://evil.ru' } }] },
      'description',
      messages.vacancyDescriptionInvalid(messages.entryBlockUnknown),
    ],
    [
      'description with a picture',
      { description: [{ type: 'video', data: { service: 'youtube', id: 'x', url: 'https://youtu.be/x' } }] },
      'description',
      messages.vacancyDescriptionBlock,
    ],
    [
      'description with a script',
      { description: paragraph('Привет<script>alert(1)</script>') },
      'description',
      messages.vacancyDescriptionHtml,
    ],
    [
      'description with a tag in a header',
      { description: [{ type: 'header', data: { text: '<b>Задачи</b>', level: 2 } }] },
      'description',
      messages.vacancyDescriptionHtml,
    ],
    [
      'description of too many blocks',
      { description: Array.from({ length: 101 }, () => ({ type: 'delimiter', data: {} })) },
      'description',
      messages.vacancyDescriptionBlocksTooMany(100),
    ],
    ['salary a word', { salary_from: 'много' }, 'salary_from', messages.vacancySalaryFromInvalid],
    ['salary huge', { salary_to: 1e12 }, 'salary_to', messages.vacancySalaryToInvalid],
    ['salary negative', { salary_from: -1 }, 'salary_from', messages.vacancySalaryFromInvalid],
    ['salary fractional', { salary_from: 1.5 }, 'salary_from', messages.vacancySalaryFromInvalid],
    [
      'unknown specialisation',
      { specialisation: 'astronaut' },
      'specialisation',
      messages.vacancySpecialisationInvalid,
    ],
    ['experience a number', { experience: 3 }, 'experience', messages.vacancyExperienceInvalid],
    ['employment missing', { employment: undefined }, 'employment', messages.vacancyEmploymentInvalid],
    ['town id a string', { town_id: 'Казань' }, 'town_id', messages.townIdInvalid],
    ['town id huge', { town_id: 2 ** 40 }, 'town_id', messages.townIdInvalid],
    ['remote a word', { is_remote: 'да' }, 'is_remote', messages.vacancyRemoteInvalid],
    ['an extra field', { state: 'published' }, 'state', messages.unknownField('state')],
    ['contact too long', { apply_contact: 'т'.repeat(501) }, 'apply_contact', messages.vacancyApplyContactInvalid],
  ];
  it.each(bad)('refuses %s with a Russian message naming the field, storing nothing', async (_, over, field, rm) => {
    const author = await signedIn();
    const before = await vacancyCount(t);
    const res = await create(author.v, goodVacancy(over));
    expect(isRussianError(res, 400), res.body).toBe(true);
    expect(res.json().rm).toBe(rm);
    expect(res.json().data.errors?.[field] ?? res.json().rm).toBe(rm);
    expect(await vacancyCount(t)).toBe(before);
  });

  it('keeps the description as blocks, links made safe, and its text for search and RSS', async () => {
    const author = await signedIn();
    const blocks = [
      { type: 'header', data: { text: 'Задачи', level: 2 } },
      { type: 'text', data: { text: 'Пишем <b>быстро</b>, <a href="javascript:alert(1)">кликни</a>' } },
      { type: 'list', data: { style: 'unordered', items: ['React', 'TypeScript'] } },
      { type: 'quote', data: { text: 'Лучшая команда', caption: 'Отзыв' } },
      { type: 'delimiter', data: {} },
    ];
    // The editor's JSON text is taken too (a form field), as entries take it.
    const res = await create(author.v, goodVacancy({ description: JSON.stringify(blocks) }));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.description[1]).toEqual({ type: 'text', data: { text: 'Пишем <b>быстро</b>, кликни' } });
    expect(data.description.map((b: { type: string }) => b.type)).toEqual(blocks.map((b) => b.type));
    expect(data.description_text).toBe('Задачи\n\nПишем быстро, кликни\n\nReact\nTypeScript\n\nЛучшая команда — Отзыв');
    expect((await vacancyRow(t, data.id))?.description).toBe(data.description_text);
  });

  it('takes a remote vacancy without a town and a contact instead of a link; a person must name the company', async () => {
    const author = await signedIn();
    const res = await create(
      author.v,
      goodVacancy({ town_id: null, is_remote: true, apply_url: '', apply_contact: 'hr@example.ru' }),
    );
    expect(res.json().data).toMatchObject({ town: null, is_remote: true, apply_contact: 'hr@example.ru' });
    const nameless = await create(author.v, goodVacancy({ company: '' }));
    expect(isRussianError(nameless, 400)).toBe(true);
    expect(nameless.json().data.errors.company).toBe(messages.vacancyCompanyRequired);
  });
});

describe('moderation: publish, reject with a reason, unpublish, edit', () => {
  it('staff reject with a reason the author reads; others see nothing; the author edits and staff publish', async () => {
    const author = await signedIn('Автор');
    const reader = await signedIn('Читатель');
    const mod = await moderator(t);
    const { id } = (await create(author.v, goodVacancy({ title: 'Вакансия на проверку' }))).json().data;

    // Waiting: the author and staff see it, others do not; only staff see the queue.
    expect(isRussianError(await reader.v.get(`/v3.0/job/${id}`), 404)).toBe(true);
    expect((await author.v.get(`/v3.0/job/${id}`)).json().data.state).toBe('moderation');
    const queue = await mod.v.get('/v3.0/job/moderation/queue');
    expect(queue.json().data.items.map((i: { id: number }) => i.id)).toContain(id);
    expect(queue.json().data.items.find((i: { id: number }) => i.id === id).can_moderate).toBe(true);
    for (const res of [
      await reader.v.get('/v3.0/job/moderation/queue'),
      await reader.v.post(`/v3.0/job/${id}/publish`, {}),
      await author.v.post(`/v3.0/job/${id}/reject`, { reason_text: 'Сам себе' }),
    ])
      expect(isRussianError(res, 403)).toBe(true);

    // A reason is required and bounded.
    const noReason = await mod.v.post(`/v3.0/job/${id}/reject`, { reason_text: '  ' });
    expect(isRussianError(noReason, 400) && noReason.json().data.errors.reason_text).toBe(
      messages.vacancyReasonRequired,
    );
    expect(isRussianError(await mod.v.post(`/v3.0/job/${id}/reject`, { reason_text: 'п'.repeat(1001) }), 400)).toBe(
      true,
    );
    expect((await vacancyRow(t, id)).state).toBe('moderation');

    const rejected = await mod.v.post(`/v3.0/job/${id}/reject`, { reason_text: 'Не указаны обязанности' });
    expect(rejected.json().rc, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ state: 'rejected', reason: 'Не указаны обязанности' });
    expect(await noticesOf(author.id)).toContain(
      messages.vacancyRejectedNotice('Вакансия на проверку', 'Не указаны обязанности'),
    );
    expect((await author.v.get(`/v3.0/job/${id}`)).json().data).toMatchObject({
      state: 'rejected',
      reason: 'Не указаны обязанности',
      can_edit: true,
    });
    // Twice: it no longer waits.
    expect(isRussianError(await mod.v.post(`/v3.0/job/${id}/publish`, {}), 400)).toBe(true);

    // Only the author edits; an edit sends it back to staff.
    expect(isRussianError(await reader.v.post(`/v3.0/job/${id}/edit`, goodVacancy()), 404)).toBe(true);
    expect(isRussianError(await mod.v.post(`/v3.0/job/${id}/edit`, goodVacancy()), 403)).toBe(true);
    const edited = await author.v.post(`/v3.0/job/${id}/edit`, goodVacancy({ title: 'Вакансия с обязанностями' }));
    expect(edited.json().data).toMatchObject({ state: 'moderation', reason: '', title: 'Вакансия с обязанностями' });
    const bad = await author.v.post(`/v3.0/job/${id}/edit`, goodVacancy({ salary_from: 9, salary_to: 1 }));
    expect(isRussianError(bad, 400)).toBe(true);
    expect((await vacancyRow(t, id)).salaryFrom).toBe(150_000);

    const published = await mod.v.post(`/v3.0/job/${id}/publish`, {});
    expect(published.json().data.state).toBe('published');
    const row = await vacancyRow(t, id);
    expect(row.expiresAt!.getTime() - row.publishedAt!.getTime()).toBe(30 * 86_400_000);
    expect((await reader.v.get(`/v3.0/job/${id}`)).json().data).toMatchObject({ state: 'published', reason: '' });
    expect(await noticesOf(author.id)).toContain(messages.vacancyPublishedNotice('Вакансия с обязанностями'));
  });

  it('the author or staff unpublish; a stranger cannot; staff’s reason reaches the author', async () => {
    const author = await signedIn('Автор');
    const stranger = await signedIn('Чужой');
    const mod = await moderator(t);
    const first = (await create(author.v, goodVacancy({ title: 'Первая' }))).json().data.id;
    const second = (await create(author.v, goodVacancy({ title: 'Вторая' }))).json().data.id;
    await mod.v.post(`/v3.0/job/${first}/publish`, {});
    await mod.v.post(`/v3.0/job/${second}/publish`, {});

    const foreign = await stranger.v.post(`/v3.0/job/${first}/unpublish`, {});
    expect(isRussianError(foreign, 403) && foreign.json().rm).toBe(messages.vacancyUnpublishForbidden);
    expect((await author.v.post(`/v3.0/job/${first}/unpublish`, {})).json().data.state).toBe('unpublished');
    expect(isRussianError(await author.v.post(`/v3.0/job/${first}/unpublish`, {}), 400)).toBe(true);
    expect(isRussianError(await author.v.post(`/v3.0/job/${first}/edit`, goodVacancy()), 403)).toBe(true);
    expect(isRussianError(await stranger.v.get(`/v3.0/job/${first}`), 404)).toBe(true);

    const byStaff = await mod.v.post(`/v3.0/job/${second}/unpublish`, { reason_text: 'Вакансия закрыта' });
    expect(byStaff.json().data).toMatchObject({ state: 'unpublished', reason: 'Вакансия закрыта' });
    expect(await noticesOf(author.id)).toContain(messages.vacancyUnpublishedNotice('Вторая', 'Вакансия закрыта'));
    const anonymous = await stranger.v.post(`/v3.0/job/${second}/unpublish`, { reason_text: 5 });
    expect(isRussianError(anonymous, 400)).toBe(true);
  });

  it('refuses bad ids and a banned author', async () => {
    const author = await signedIn();
    for (const id of ['0', '-1', 'abc', '99999999999'])
      expect(isRussianError(await author.v.get(`/v3.0/job/${id}`), 400)).toBe(true);
    expect(isRussianError(await author.v.get('/v3.0/job/999999'), 404)).toBe(true);
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, author.id));
    expect((await create(author.v, goodVacancy())).statusCode).toBe(403);
  });
});
