import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isRussianError, useTestApp } from '../../testing/harness.ts';
import { staticPages, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { templateNotice } from '../../../shared/catalogue/pages-templates.ts';
import { PAGE_VERSIONS_KEPT, STATIC_SLUGS } from '../../../shared/static-pages.ts';
import { ENTRY_BLOCKS_MAX, ENTRY_JSON_MAX_KB } from '../../../shared/blocks.ts';

// The first account runs the site (superuser): `staff` here; every later account is an ordinary user.
const { t, staff, signedIn } = useTestApp({ seed: false });

type Json = Record<string, any>;
const text = (s: string) => ({ type: 'text', data: { text: s } });
const good = (title = 'О нас') => ({ title, description: 'Кто мы', blocks: [text('Мы — <b>Среда</b>')] });

async function withRole(role: 'moderator' | 'admin') {
  const u = await signedIn(role === 'admin' ? 'Администратор Страниц' : 'Модератор Страниц');
  await t.database.db.update(users).set({ role }).where(eq(users.id, u.id));
  return u;
}

const read = async (slug: string) => {
  const res = await staff.get(`/v3.0/pages/${slug}`);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.page as Json;
};
const versions = async (slug: string) => {
  const res = await staff.get(`/v3.0/pages/${slug}/versions`);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.items as Json[];
};

describe('the site pages', () => {
  it('start as templates marked to adapt, without the demo seed, each with one version', async () => {
    const { v } = await signedIn();
    for (const slug of STATIC_SLUGS) {
      const res = await v.get(`/v3.0/pages/${slug}`);
      expect(res.json().rc, res.body).toBe(200);
      const page = res.json().data.page;
      expect(page.title).toMatch(/[А-Яа-я]/);
      expect(page.description).not.toBe('');
      expect(page.blocks[0]).toEqual({
        type: 'warning',
        data: { title: templateNotice.title, text: expect.stringContaining('Это шаблон:') },
      });
      expect(page.updated_by).toBeNull();
    }
    expect(await t.database.db.select().from(staticPages)).toHaveLength(STATIC_SLUGS.length);
    const [first] = await versions('about');
    expect(first).toMatchObject({ author: null, is_current: true });
    // A second read writes nothing again.
    await v.get('/v3.0/pages/terms');
    expect(await versions('terms')).toHaveLength(1);
  });

  it('an administrator saves a page: sanitized, kept as a version, read by anyone', async () => {
    const admin = await withRole('admin');
    const res = await admin.v.post('/v3.0/pages/about', {
      title: '  О   проекте  ',
      description: 'Среда — это мы',
      blocks: [
        text('Привет <script>alert(1)</script><b>всем</b>'),
        { type: 'header', data: { text: 'Кто', level: 2 } },
      ],
    });
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().rm).toBe(messages.pageSaved);
    const page = await read('about');
    expect(page.title).toBe('О проекте');
    expect(page.blocks[0].data.text).toBe('Привет <b>всем</b>');
    expect(page.updated_by).toMatchObject({ id: admin.id });
    const list = await versions('about');
    expect(list.map((v) => v.title)).toEqual(['О проекте', 'О проекте']);
    expect(list[0]).toMatchObject({ is_current: true, author: { id: admin.id } });
    expect(list[1]).toMatchObject({ is_current: false, author: null });
  });

  it('restores a version through a save of its own, so the restore can be undone', async () => {
    await staff.post('/v3.0/pages/contacts', good('Контакты первые'));
    await staff.post('/v3.0/pages/contacts', good('Контакты вторые'));
    const [, older] = await versions('contacts');
    expect(older.title).toBe('Контакты первые');
    const res = await staff.post(`/v3.0/pages/contacts/versions/${older.id}/restore`);
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().rm).toBe(messages.pageRestored);
    expect((await read('contacts')).title).toBe('Контакты первые');
    const after = await versions('contacts');
    expect(after.map((v) => v.title).slice(0, 3)).toEqual(['Контакты первые', 'Контакты вторые', 'Контакты первые']);
    expect(after[0].is_current).toBe(true);
  });

  it(`keeps the last ${PAGE_VERSIONS_KEPT} versions`, async () => {
    for (let i = 0; i < PAGE_VERSIONS_KEPT + 2; i++) await staff.post('/v3.0/pages/agreement', good(`Редакция ${i}`));
    const list = await versions('agreement');
    expect(list).toHaveLength(PAGE_VERSIONS_KEPT);
    expect(list[0].title).toBe(`Редакция ${PAGE_VERSIONS_KEPT + 1}`);
  });
});

describe('bad input and wrong roles', () => {
  it('refuses an unknown page (404) in every route', async () => {
    for (const res of [
      await staff.get('/v3.0/pages/nope'),
      await staff.post('/v3.0/pages/nope', good()),
      await staff.get('/v3.0/pages/__proto__/versions'),
      await staff.post('/v3.0/pages/constructor/versions/1/restore'),
    ]) {
      expect(isRussianError(res, 404), res.body).toBe(true);
      expect(res.json().rm).toBe(messages.pageNotFound);
    }
  });

  it('lets only administrators write or see versions: anonymous 401, users and moderators 403', async () => {
    const { Visitor } = await import('../../testing/harness.ts');
    const anonymous = new Visitor(t.app);
    const user = await signedIn();
    const mod = await withRole('moderator');
    for (const [v, rc] of [
      [anonymous, 401],
      [user.v, 403],
      [mod.v, 403],
    ] as const) {
      expect(isRussianError(await v.post('/v3.0/pages/terms', good('Взлом')), rc)).toBe(true);
      expect(isRussianError(await v.get('/v3.0/pages/terms/versions'), rc)).toBe(true);
      expect(isRussianError(await v.post('/v3.0/pages/terms/versions/1/restore'), rc)).toBe(true);
    }
    expect((await read('terms')).title).not.toBe('Взлом');
  });

  it('refuses a write without the CSRF marker', async () => {
    const res = await staff.post('/v3.0/pages/terms', good('Без маркера'), { csrf: false });
    expect(isRussianError(res, 403)).toBe(true);
    expect((await read('terms')).title).not.toBe('Без маркера');
  });

  it('refuses wrong types, missing and extra fields, bad and huge blocks with Russian messages', async () => {
    const cases: [Json, string][] = [
      [{ ...good(), title: 5 }, messages.pageTitleRequired],
      [{ ...good(), title: '   ' }, messages.pageTitleRequired],
      [{ ...good(), title: 'я'.repeat(121) }, messages.pageTitleTooLong(120)],
      [{ ...good(), description: ['a'] }, messages.pageDescriptionType],
      [{ ...good(), description: 'д'.repeat(301) }, messages.pageDescriptionTooLong(300)],
      [{ title: 'Т', description: '' }, messages.fieldRequired],
      [{ ...good(), blocks: [] }, messages.pageBlocksRequired],
      [{ ...good(), blocks: 'не json' }, messages.entryBlocksInvalid],
      [{ ...good(), blocks: [{ type: 'nope', data: {} }] }, messages.entryBlockUnknown],
      [{ ...good(), blocks: [{ type: 'donation', data: {} }] }, messages.pageBlockType],
      [
        { ...good(), blocks: Array.from({ length: ENTRY_BLOCKS_MAX + 1 }, () => text('x')) },
        messages.entryBlocksTooMany(ENTRY_BLOCKS_MAX),
      ],
      [
        { ...good(), blocks: JSON.stringify(Array.from({ length: 27 }, () => text('ж'.repeat(10_000)))) },
        messages.entryTooLarge(ENTRY_JSON_MAX_KB),
      ],
      [{ ...good(), updated_by: 1 }, messages.unknownField('updated_by')],
    ];
    for (const [body, rm] of cases) {
      const res = await staff.post('/v3.0/pages/about', body);
      expect(isRussianError(res, 400), `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(true);
      expect(JSON.stringify(res.json()), JSON.stringify(body).slice(0, 80)).toContain(rm);
    }
  });

  it('refuses a body past the request limit (413, Russian)', async () => {
    const blocks = Array.from({ length: 60 }, () => text('ж'.repeat(19_000)));
    expect(isRussianError(await staff.post('/v3.0/pages/about', { ...good(), blocks }), 413)).toBe(true);
  });

  it('refuses a bad version id (400) and a version of another page (404)', async () => {
    const [about] = await versions('about');
    expect(isRussianError(await staff.post('/v3.0/pages/about/versions/abc/restore'), 400)).toBe(true);
    expect(isRussianError(await staff.post('/v3.0/pages/about/versions/0/restore'), 400)).toBe(true);
    const res = await staff.post(`/v3.0/pages/terms/versions/${about.id}/restore`);
    expect(isRussianError(res, 404)).toBe(true);
    expect(res.json().rm).toBe(messages.pageVersionNotFound);
  });
});
