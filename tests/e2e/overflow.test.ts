import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';
import { eventBody, publishedBoardItem, vacancyBody } from './board-items.ts';
import { sidewaysProblems } from './overflow.ts';

/**
 * Issue 33: every page of the sitemap and every signed-in page, walked at 375 px, neither scrolls sideways
 * (`scrollWidth` of the document within the viewport) nor clips a control (a link or button partly or wholly beyond
 * the viewport's left or right edge, outside a strip that scrolls on its own). A failing page is named with its
 * widest offending elements and leaves a screenshot.
 */
const WIDTH = 375;

let server: Server;
let browser: Browser;
type Account = Awaited<ReturnType<typeof registerViaApi>>;
let staff: Account;
let reader: Account;
let banned: Account;
const api = <T>(path: string, cookie: string, body?: unknown) => callApi<T>(server, path, cookie, body);

/** Menus opened on a page of the reader's walk, each checked open: its items must lie on the screen too. */
let menus: { path: string; button: string }[] = [];

/** Paths each role walks, filled once the site holds what they show. */
const walks: Record<'anonymous' | 'reader' | 'staff' | 'banned', string[]> = {
  anonymous: [],
  reader: [],
  staff: [],
  banned: [],
};

async function publish(author: Account, title: string, isPublished = 1) {
  const saved = await api<{ entry: { id: number; url: string } }>('/v3.0/writing/save', author.cookie, {
    title,
    entry: [{ type: 'text', data: { text: 'Текст записи для проверки вёрстки на телефоне.' } }],
    is_published: isPublished,
  });
  expect(saved.rc, JSON.stringify(saved)).toBe(200);
  return saved.data.entry;
}

/** The sitemap's addresses (and those of its children, should it become an index), as paths. */
async function sitemapPaths(url: string): Promise<string[]> {
  const xml = await (await fetch(url)).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  if (xml.includes('<sitemapindex')) return (await Promise.all(locs.map(sitemapPaths))).flat();
  return locs.map((loc) => new URL(loc).pathname + new URL(loc).search);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  staff = await registerViaApi(server, 'Хозяин Сайта'); // the first account runs the site
  reader = await registerViaApi(server, 'Обычная Читательница');
  banned = await registerViaApi(server, 'Заблокированный Читатель С Длинным Именем');

  const staffEntry = await publish(staff, 'Запись редакции с довольно длинным заголовком для проверки переносов');
  const readerEntry = await publish(reader, 'Запись читательницы');
  const draft = await publish(reader, 'Черновик читательницы', 0);
  expect((await api('/v3.0/comment/add', staff.cookie, { id: readerEntry.id, text: 'Ответ редакции' })).rc).toBe(200);
  const mark = await api('/v3.0/favorite/change', reader.cookie, { id: staffEntry.id, type: 'content', state: 1 });
  expect(mark.rc, JSON.stringify(mark)).toBe(200);
  const chat = await api<{ id: number }>('/v3.0/messenger/chats/create', reader.cookie, {
    type: 'direct',
    user_ids: [staff.id],
  });
  expect(chat.rc, JSON.stringify(chat)).toBe(200);
  expect((await api(`/v3.0/messenger/chats/${chat.data.id}/send`, staff.cookie, { text: 'Здравствуйте!' })).rc).toBe(
    200,
  );
  const ban = await api(`/v3.0/admin/users/${banned.id}/ban`, staff.cookie, { reason_text: 'Спам', days: 3 });
  expect(ban.rc, JSON.stringify(ban)).toBe(200);

  const eventId = await publishedBoardItem(
    server,
    staff.cookie,
    'events',
    eventBody({ title: 'Встреча читателей в Казани', description: 'Мероприятие для проверки вёрстки.' }),
  );
  const vacancyId = await publishedBoardItem(
    server,
    staff.cookie,
    'job',
    vacancyBody({ title: 'Редактор новостей', company: 'ООО Среда' }),
  );

  const sitemap = await sitemapPaths(server.url + '/sitemap.xml');
  const community = sitemap.find((p) => p.startsWith('/s/') && p.split('/').length === 3)!;
  const readerBlog = readerEntry.url.split('/').slice(0, 3).join('/');
  const staffBlog = staffEntry.url.split('/').slice(0, 3).join('/');
  const bannedBlog = `/u/${banned.id}`;
  const publicPages = [
    '/popular',
    '/all/new',
    '/top/week',
    '/live',
    '/rating',
    '/companies',
    '/stats',
    '/plus',
    '/donations',
    '/job',
    `/job/${vacancyId}`,
    '/job/rules',
    '/job/agreement',
    '/events?town_id=0',
    `/events/${eventId}`,
    '/search?query=запись',
    '/search?query=редакция&type=subsites',
    '/tag/postgres',
    '/developers/api',
    '/no/such/page/here',
  ];
  walks.anonymous = [...new Set([...sitemap, ...publicPages, '/auth/simple/recover', bannedBlog])];
  walks.reader = [
    '/',
    '/my/new',
    readerBlog,
    readerEntry.url,
    staffBlog,
    staffEntry.url,
    community,
    '/u/me/settings',
    `${readerBlog}/settings`,
    '/settings',
    '/settings/signin',
    '/messenger',
    `/messenger?chat=${chat.data.id}`,
    '/messenger/complaints',
    '/notifications',
    '/bookmarks',
    '/drafts',
    '/writing',
    `/writing/${draft.id}`,
    `/writing/${draft.id}/history`,
    '/plus',
    '/job',
    '/job/new',
    '/events?town_id=0',
    '/events/new',
    '/search?query=запись',
  ];
  walks.staff = [
    staffBlog,
    staffEntry.url,
    readerBlog,
    bannedBlog,
    community,
    `${community}/settings`,
    '/admin',
    '/admin?tab=users&query=%D0%B0',
    '/admin?tab=bans',
    '/admin?tab=audit',
    '/admin?tab=queues',
    '/admin/outbox',
    '/admin/ui',
    '/admin/payments',
    '/admin/billing',
    '/admin/account',
    '/admin/job',
    '/admin/events',
    `/job/${vacancyId}/edit`,
    `/events/${eventId}/edit`,
  ];
  menus = [
    { path: staffBlog, button: '[data-testid=subsite-menu]' },
    { path: community, button: '[data-testid=subsite-menu]' },
    { path: '/', button: '[data-testid=entry-menu]' },
    { path: '/', button: '[data-testid=account-menu]' },
    { path: readerEntry.url, button: '[data-testid=entry-actions]' },
    { path: readerEntry.url, button: '[data-testid=comment-more]' },
  ];
  walks.banned = [
    '/',
    bannedBlog,
    staffEntry.url,
    community,
    '/u/me/settings',
    '/messenger',
    '/notifications',
    '/plus',
  ];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe(`layouts at ${WIDTH} px`, () => {
  // Some 170 pages and menus one after another: 56 s alone, over 120 s beside the two accessibility walks.
  it(
    'no page scrolls sideways or clips a control, for a visitor, a reader, a banned reader and staff',
    { timeout: 360_000 },
    async () => {
      const started = Date.now();
      const failures: string[] = [];
      let walked = 0;
      for (const role of ['anonymous', 'reader', 'banned', 'staff'] as const) {
        const cookie = { anonymous: '', reader: reader.cookie, banned: banned.cookie, staff: staff.cookie }[role];
        const { context, page } = cookie
          ? await signedInPage(browser, server, cookie, WIDTH, 800)
          : await newPage(browser, WIDTH, 800);
        const steps = [...walks[role].map((path) => ({ path, button: '' })), ...(role === 'reader' ? menus : [])];
        for (const { path, button } of steps) {
          await open(page, server.url + path);
          if (button) {
            await page.locator(button).first().click();
            await page.locator('[data-testid=popover]').waitFor();
          }
          walked += 1;
          const found = await sidewaysProblems(page, WIDTH);
          if (found.length === 0) continue;
          const where = `${role} ${path}${button ? ` with ${button} open` : ''}`;
          failures.push(`${where}\n${found.map((p) => `  ${p.kind}: ${p.what}`).join('\n')}`);
          await shot(page, `overflow-${where.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80)}`);
        }
        await context.close();
      }
      console.log(`overflow walk: ${walked} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(failures, failures.join('\n')).toEqual([]);
    },
  );
});
