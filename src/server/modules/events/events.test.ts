import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { notifications, users } from '../../db/schema.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { company, moderator } from '../vacancies/testing.ts';
import { eventCount, eventRow, goodEvent, KAZAN, localDay } from './testing.ts';

const { t, signedIn } = useTestApp();

const create = (v: Visitor, body: unknown) => v.post('/v3.0/events/create', body);
const noticesOf = async (userId: number) => {
  await jobsOf(t.app.ctx).drain();
  return (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => (n.data as { text?: string }).text ?? '',
  );
};

describe('POST /v3.0/events/create', () => {
  it('stores a company’s event on moderation in its town’s zone and answers it whole', async () => {
    const owner = await signedIn('Владелец Компании');
    const co = await company(t, owner.id, 'ООО Событие');
    const res = await create(
      owner.v,
      goodEvent({ subsite_id: co.id, starts_at: '2030-03-05T19:00', ends_at: '2030-03-05T22:30' }),
    );
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().rm).toBe(messages.eventCreated);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'Митап фронтендеров',
      state: 'moderation',
      time_zone: 'Europe/Moscow',
      // 19:00 in Moscow is 16:00 UTC.
      starts_at: '2030-03-05T16:00:00.000Z',
      ends_at: '2030-03-05T19:30:00.000Z',
      town: { id: KAZAN, name: 'Казань' },
      price: 0,
      can_edit: true,
      can_moderate: false,
      subsite: { id: co.id, type: 'company' },
    });
    expect((await eventRow(t, data.id)).state).toBe('moderation');
  });

  it('takes the town’s zone (Екатеринбург +5) or the one given, and an online event without a town', async () => {
    const author = await signedIn();
    const ekb = await create(
      author.v,
      goodEvent({ town_id: 4, starts_at: '2030-03-05T19:00', ends_at: '2030-03-05T20:00' }),
    );
    expect(ekb.json().data).toMatchObject({ time_zone: 'Asia/Yekaterinburg', starts_at: '2030-03-05T14:00:00.000Z' });
    const online = await create(
      author.v,
      goodEvent({
        town_id: null,
        is_online: true,
        time_zone: 'Asia/Vladivostok',
        starts_at: '2030-03-05T10:00',
        ends_at: '2030-03-05T11:00',
        price: 1500,
      }),
    );
    expect(online.json().data).toMatchObject({
      town: null,
      is_online: true,
      time_zone: 'Asia/Vladivostok',
      starts_at: '2030-03-05T00:00:00.000Z',
      price: 1500,
    });
  });

  it('refuses a company the person does not run and anonymous posting; a CSRF-less post stores nothing', async () => {
    const owner = await signedIn('Владелец');
    const stranger = await signedIn('Посторонний');
    const co = await company(t, owner.id);
    const before = await eventCount(t);
    const foreign = await create(stranger.v, goodEvent({ subsite_id: co.id }));
    expect(isRussianError(foreign, 403) && foreign.json().rm).toBe(messages.eventSubsiteForbidden);
    expect(isRussianError(await create(stranger.v, goodEvent({ subsite_id: owner.id })), 403)).toBe(true);
    expect(isRussianError(await create(stranger.v, goodEvent({ subsite_id: 99_999_999 })), 404)).toBe(true);
    expect((await create(new Visitor(t.app), goodEvent())).statusCode).toBe(401);
    expect(isRussianError(await owner.v.post('/v3.0/events/create', goodEvent(), { csrf: false }), 403)).toBe(true);
    expect(await eventCount(t)).toBe(before);
  });

  // Each bad body: the field the refusal names and its Russian text; nothing is stored.
  const bad: [string, Record<string, unknown>, string, string][] = [
    [
      'an end before the start',
      { starts_at: localDay(5, 19), ends_at: localDay(5, 18) },
      'ends_at',
      messages.eventEndBeforeStart,
    ],
    ['a past event', { starts_at: localDay(-3, 10), ends_at: localDay(-3, 12) }, 'starts_at', messages.eventInPast],
    ['a year and more', { starts_at: localDay(5), ends_at: localDay(400) }, 'ends_at', messages.eventTooLong],
    ['an unknown town', { town_id: 99_999 }, 'town_id', messages.eventTownUnknown],
    ['no town, not online', { town_id: null }, 'town_id', messages.eventTownRequired],
    ['a javascript: link', { register_url: 'javascript:alert(1)' }, 'register_url', messages.eventRegisterUrlInvalid],
    ['an ftp cover', { cover_url: 'ftp://example.ru/a.png' }, 'cover_url', messages.eventCoverUrlInvalid],
    ['rules not accepted', { rules: false }, 'rules', messages.eventRulesRequired],
    ['rules missing', { rules: undefined }, 'rules', messages.eventRulesRequired],
    ['agreement not accepted', { agreement: 0 }, 'agreement', messages.eventAgreementRequired],
    ['title missing', { title: undefined }, 'title', messages.eventTitleRequired],
    ['title of spaces', { title: '   ' }, 'title', messages.eventTitleRequired],
    ['title too long', { title: 'я'.repeat(121) }, 'title', messages.eventTitleTooLong(120)],
    ['description huge', { description: 'д'.repeat(10_001) }, 'description', messages.eventDescriptionTooLong(10_000)],
    ['start a word', { starts_at: 'завтра' }, 'starts_at', messages.eventStartInvalid],
    ['start not a day', { starts_at: '2030-02-30T10:00' }, 'starts_at', messages.eventStartInvalid],
    ['end a number', { ends_at: 5 }, 'ends_at', messages.eventEndInvalid],
    ['an unknown zone', { time_zone: 'Mars/Olympus' }, 'time_zone', messages.eventTimeZoneInvalid],
    ['a format unknown', { format: 'rave' }, 'format', messages.eventFormatInvalid],
    ['price negative', { price: -1 }, 'price', messages.eventPriceInvalid],
    ['price huge', { price: 1e12 }, 'price', messages.eventPriceInvalid],
    ['town id a string', { town_id: 'Казань' }, 'town_id', messages.townIdInvalid],
    ['online a word', { is_online: 'да' }, 'is_online', messages.eventOnlineInvalid],
    ['address too long', { address: 'а'.repeat(301) }, 'address', messages.eventAddressTooLong],
    ['an extra field', { state: 'published' }, 'state', messages.unknownField('state')],
  ];
  it.each(bad)('refuses %s with a Russian message naming the field, storing nothing', async (_, over, field, rm) => {
    const author = await signedIn();
    const before = await eventCount(t);
    const res = await create(author.v, goodEvent(over));
    expect(isRussianError(res, 400), res.body).toBe(true);
    expect(res.json().rm).toBe(rm);
    expect(res.json().data.errors?.[field] ?? res.json().rm).toBe(rm);
    expect(await eventCount(t)).toBe(before);
  });
});

describe('moderation: publish, reject with a reason, unpublish, edit', () => {
  it('staff reject with a reason the author reads; others see nothing; the author edits and staff publish', async () => {
    const author = await signedIn('Автор');
    const reader = await signedIn('Читатель');
    const mod = await moderator(t);
    const { id } = (await create(author.v, goodEvent({ title: 'Событие на проверку' }))).json().data;

    expect(isRussianError(await reader.v.get(`/v3.0/events/${id}`), 404)).toBe(true);
    expect(isRussianError(await reader.v.get(`/v3.0/events/${id}/ics`), 404)).toBe(true);
    expect((await author.v.get(`/v3.0/events/${id}`)).json().data.state).toBe('moderation');
    const queue = await mod.v.get('/v3.0/events/moderation/queue');
    expect(queue.json().data.items.find((i: { id: number }) => i.id === id)?.can_moderate).toBe(true);
    for (const res of [
      await reader.v.get('/v3.0/events/moderation/queue'),
      await reader.v.post(`/v3.0/events/${id}/publish`, {}),
      await author.v.post(`/v3.0/events/${id}/reject`, { reason_text: 'Сам себе' }),
    ])
      expect(isRussianError(res, 403)).toBe(true);
    expect((await new Visitor(t.app).get('/v3.0/events/moderation/queue')).statusCode).toBe(401);

    const noReason = await mod.v.post(`/v3.0/events/${id}/reject`, { reason_text: '  ' });
    expect(isRussianError(noReason, 400) && noReason.json().data.errors.reason_text).toBe(messages.eventReasonRequired);
    expect(isRussianError(await mod.v.post(`/v3.0/events/${id}/reject`, { reason_text: 'п'.repeat(1001) }), 400)).toBe(
      true,
    );
    expect(
      isRussianError(
        await mod.v.post(`/v3.0/events/${id}/reject`, { reason_text: 'Нет программы' }, { csrf: false }),
        403,
      ),
    ).toBe(true);
    expect((await eventRow(t, id)).state).toBe('moderation');

    const rejected = await mod.v.post(`/v3.0/events/${id}/reject`, { reason_text: 'Нет программы' });
    expect(rejected.json().data).toMatchObject({ state: 'rejected', reason: 'Нет программы' });
    expect(await noticesOf(author.id)).toContain(messages.eventRejectedNotice('Событие на проверку', 'Нет программы'));
    expect((await author.v.get(`/v3.0/events/${id}`)).json().data).toMatchObject({
      state: 'rejected',
      reason: 'Нет программы',
      can_edit: true,
    });
    expect(isRussianError(await mod.v.post(`/v3.0/events/${id}/publish`, {}), 400)).toBe(true);

    expect(isRussianError(await reader.v.post(`/v3.0/events/${id}/edit`, goodEvent()), 404)).toBe(true);
    expect(isRussianError(await mod.v.post(`/v3.0/events/${id}/edit`, goodEvent()), 403)).toBe(true);
    const edited = await author.v.post(`/v3.0/events/${id}/edit`, goodEvent({ title: 'Событие с программой' }));
    expect(edited.json().data).toMatchObject({ state: 'moderation', reason: '', title: 'Событие с программой' });
    const badEdit = await author.v.post(`/v3.0/events/${id}/edit`, goodEvent({ ends_at: localDay(1, 1) }));
    expect(isRussianError(badEdit, 400) && badEdit.json().data.errors.ends_at).toBe(messages.eventEndBeforeStart);
    expect((await eventRow(t, id)).title).toBe('Событие с программой');

    expect((await mod.v.post(`/v3.0/events/${id}/publish`, {})).json().data.state).toBe('published');
    expect((await reader.v.get(`/v3.0/events/${id}`)).json().data).toMatchObject({ state: 'published', reason: '' });
    expect(await noticesOf(author.id)).toContain(messages.eventPublishedNotice('Событие с программой'));
  });

  it('the author or staff unpublish; a stranger cannot; staff’s reason reaches the author', async () => {
    const author = await signedIn('Автор');
    const stranger = await signedIn('Чужой');
    const mod = await moderator(t);
    const first = (await create(author.v, goodEvent({ title: 'Первое' }))).json().data.id;
    const second = (await create(author.v, goodEvent({ title: 'Второе' }))).json().data.id;
    await mod.v.post(`/v3.0/events/${first}/publish`, {});
    await mod.v.post(`/v3.0/events/${second}/publish`, {});

    const foreign = await stranger.v.post(`/v3.0/events/${first}/unpublish`, {});
    expect(isRussianError(foreign, 403) && foreign.json().rm).toBe(messages.eventUnpublishForbidden);
    expect((await author.v.post(`/v3.0/events/${first}/unpublish`, {})).json().data.state).toBe('unpublished');
    expect(isRussianError(await author.v.post(`/v3.0/events/${first}/unpublish`, {}), 400)).toBe(true);
    expect(isRussianError(await author.v.post(`/v3.0/events/${first}/edit`, goodEvent()), 403)).toBe(true);
    expect(isRussianError(await stranger.v.get(`/v3.0/events/${first}`), 404)).toBe(true);

    const byStaff = await mod.v.post(`/v3.0/events/${second}/unpublish`, { reason_text: 'Перенесено' });
    expect(byStaff.json().data).toMatchObject({ state: 'unpublished', reason: 'Перенесено' });
    expect(await noticesOf(author.id)).toContain(messages.eventUnpublishedNotice('Второе', 'Перенесено'));
    expect(isRussianError(await stranger.v.post(`/v3.0/events/${second}/unpublish`, { reason_text: 5 }), 400)).toBe(
      true,
    );
  });

  it('refuses bad ids and a banned author', async () => {
    const author = await signedIn();
    for (const id of ['0', '-1', 'abc', '99999999999'])
      expect(isRussianError(await author.v.get(`/v3.0/events/${id}`), 400)).toBe(true);
    expect(isRussianError(await author.v.get('/v3.0/events/999999'), 404)).toBe(true);
    expect(isRussianError(await author.v.get('/v3.0/events/999999/ics'), 404)).toBe(true);
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, author.id));
    expect((await create(author.v, goodEvent())).statusCode).toBe(403);
  });
});
