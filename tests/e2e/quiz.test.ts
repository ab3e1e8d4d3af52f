import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  callApi,
  editorReady,
  launchBrowser,
  newPage,
  open,
  registerViaApi,
  shot,
  signedInPage,
  startServer,
  type Server,
} from './harness.ts';
import { seriousViolations } from './a11y.ts';

let server: Server;
let browser: Browser;
let author: Awaited<ReturnType<typeof registerViaApi>>;
let readers: Awaited<ReturnType<typeof registerViaApi>>[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  // The first account runs the site; take that seat so the others are ordinary people.
  await registerViaApi(server, 'Хозяин Сайта');
  author = await registerViaApi(server, 'Автор Опроса');
  readers = [await registerViaApi(server, 'Первая Читательница'), await registerViaApi(server, 'Второй Читатель')];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new empty paragraph after the caret's, then the block list of its + button: adds a block of `tool`. */
async function addBlock(page: Page, tool: string) {
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => {
    const el = document.activeElement;
    return Boolean(el?.classList.contains('ce-paragraph') && el.textContent === '');
  });
  await page.click('.ce-toolbar__plus');
  await page.click(`.ce-popover--opened [data-item-name=${tool}]`);
}

/** The count an option of the quiz shows (its results row), or null while results are not shown. */
const countOf = (quiz: Locator, n: number) =>
  quiz
    .locator('[data-testid=quiz-result]')
    .nth(n)
    .getAttribute('data-count', { timeout: 1000 })
    .catch(() => null);

describe('quizzes', () => {
  it('an author adds a quiz and publishes; a reader votes; another reader sees the result live', async () => {
    const { context, page } = await signedInPage(browser, server, author.cookie);
    await open(page, `${server.url}/new`);
    await page.click('[data-testid=write-button]');
    await page.waitForSelector('[data-testid=popup][data-kind=editor] [data-testid=editor]');
    await editorReady(page);
    await page.fill('[data-testid=editor-title]', 'Каким транспортом вы ездите на работу?');
    await page.locator('.codex-editor .ce-paragraph').first().click();
    await page.keyboard.type('Город меняет расписание: расскажите, как добираетесь вы.');

    await addBlock(page, 'quiz');
    const tool = page.locator('[data-testid=editor-quiz]');
    await tool.locator('[data-testid=editor-quiz-question]').fill('Как вы добираетесь до работы?');
    const items = tool.locator('[data-testid=editor-quiz-item]');
    expect(await items.count()).toBe(2);
    await items.nth(0).fill('На метро');
    await items.nth(1).fill('На автобусе');
    await tool.locator('[data-testid=editor-quiz-add]').click();
    await items.nth(2).fill('Пешком или на велосипеде');
    await tool.locator('[data-testid=editor-quiz-before]').check();
    await shot(page, 'quiz-editor-1280');

    await page.click('[data-testid=editor-publish]');
    await page.waitForURL((u) => !u.search.includes('name=editor') && /\/\d+-/.test(u.pathname), { timeout: 15_000 });
    const entryUrl = page.url();
    const own = page.locator('[data-testid=quiz]');
    await own.waitFor();
    expect(await own.locator('[data-testid=quiz-option]').allInnerTexts()).toEqual([
      'На метро',
      'На автобусе',
      'Пешком или на велосипеде',
    ]);
    await context.close();

    // The second reader watches on a phone, results revealed before voting.
    const watcher = await signedInPage(browser, server, readers[1].cookie, 375, 812);
    await open(watcher.page, entryUrl);
    const watched = watcher.page.locator('[data-testid=quiz]');
    await watcher.page.waitForSelector('[data-testid=quiz][data-live="1"] [data-testid=quiz-reveal]');
    await watched.locator('[data-testid=quiz-reveal]').click();
    await expect.poll(() => watched.getAttribute('data-view')).toBe('revealed');
    expect(await countOf(watched, 1)).toBe('0');

    // The first reader votes in the entry on a desktop.
    const voter = await signedInPage(browser, server, readers[0].cookie);
    await open(voter.page, entryUrl);
    const quiz = voter.page.locator('[data-testid=quiz]');
    await voter.page.waitForSelector('[data-testid=quiz] [data-testid=quiz-reveal]');
    await quiz.locator('[data-testid=quiz-option]').nth(1).click();
    await expect.poll(() => quiz.getAttribute('data-view')).toBe('voted');
    expect(await countOf(quiz, 1)).toBe('1');
    expect(await quiz.locator('[data-testid=quiz-result]').nth(1).innerText()).toContain('100%');
    expect(await quiz.locator('[data-testid=quiz-total]').getAttribute('data-total')).toBe('1');
    await quiz.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(voter.page, 'quiz-entry-1280');
    expect(await seriousViolations(voter.page, '[data-testid=quiz]')).toEqual([]);

    // The watcher's page follows without a reload.
    await expect.poll(() => countOf(watched, 1), { timeout: 15_000 }).toBe('1');
    expect(await watched.getAttribute('data-view')).toBe('revealed');
    await watched.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(watcher.page, 'quiz-entry-375');
    expect(await seriousViolations(watcher.page, '[data-testid=quiz]')).toEqual([]);

    // A second vote of the same person is refused; the view keeps its results.
    await voter.page.reload();
    await voter.page.waitForSelector('[data-testid=quiz][data-view=voted]');
    await voter.context.close();

    // In the feed: the card carries the quiz, already voted for this reader.
    await open(watcher.page, `${server.url}/new`);
    const card = watcher.page.locator('[data-testid=entry-card] [data-testid=quiz]').first();
    await card.waitFor();
    await expect.poll(() => countOf(card, 1)).toBe(null);
    expect(await seriousViolations(watcher.page, '[data-testid=quiz]')).toEqual([]);
    await card.locator('[data-testid=quiz-option]').nth(2).click();
    await expect.poll(() => card.getAttribute('data-view')).toBe('voted');
    expect(await countOf(card, 2)).toBe('1');
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(watcher.page, 'quiz-feed-375');
    await watcher.context.close();
  });

  it('several answers: boxes and «Голосовать»; results only after voting', async () => {
    const quiz = {
      hash: 'manyAnswers01',
      title: 'Что вы читаете по утрам?',
      items: ['Новости', 'Рассылки', 'Книги', 'Ничего'].map((text, i) => ({ hash: `manyItem000${i}`, text })),
      multiple: true,
      results: 'after',
    };
    const saved = await callApi<{ entry: { url: string } }>(server, '/v3.0/writing/save', author.cookie, {
      title: 'Утреннее чтение',
      entry: [{ type: 'quiz', data: quiz }],
      is_published: 1,
    });
    expect(saved.rc, saved.rm).toBe(200);
    const { context, page } = await signedInPage(browser, server, readers[0].cookie, 375, 812);
    await open(page, server.url + saved.data.entry.url);
    const block = page.locator('[data-testid=quiz][data-live="1"]');
    await block.waitFor();
    // Results after voting only: no toggle, no counts.
    expect(await block.locator('[data-testid=quiz-reveal]').count()).toBe(0);
    expect(await block.locator('[data-testid=quiz-result]').count()).toBe(0);
    const vote = block.locator('[data-testid=quiz-vote]');
    expect(await vote.isDisabled()).toBe(true);
    await block.locator('[data-testid=quiz-option]').nth(0).click();
    await block.locator('[data-testid=quiz-option]').nth(2).click();
    await shot(page, 'quiz-multiple-375');
    await vote.click();
    await expect.poll(() => block.getAttribute('data-view')).toBe('voted');
    expect(await countOf(block, 0)).toBe('1');
    expect(await countOf(block, 1)).toBe('0');
    expect(await countOf(block, 2)).toBe('1');
    await shot(page, 'quiz-multiple-voted-375');
    expect(await seriousViolations(page, '[data-testid=quiz]')).toEqual([]);
    await context.close();
  });

  it('on a page of five quizzes, two votes from two browsers show live in a third; each quiz asks for its results once', async () => {
    const quizzes = Array.from({ length: 5 }, (_, q) => ({
      hash: `fiveQuizzes0${q}`,
      title: `Вопрос ${q + 1}`,
      items: ['Да', 'Нет'].map((text, i) => ({ hash: `fiveQuizzes0${q}i${i}`, text })),
      multiple: false,
      results: 'before',
    }));
    const saved = await callApi<{ entry: { url: string } }>(server, '/v3.0/writing/save', author.cookie, {
      title: 'Пять вопросов читателям',
      entry: quizzes.map((data) => ({ type: 'quiz', data })),
      is_published: 1,
    });
    expect(saved.rc, saved.rm).toBe(200);
    const url = server.url + saved.data.entry.url;

    // The third browser watches with the first quiz's results revealed; it asked once for all five.
    const watcher = await signedInPage(browser, server, readers[1].cookie);
    const asked: string[] = [];
    watcher.page.on('request', (r) => {
      if (r.url().includes('/quiz/bundleResult')) asked.push(new URL(r.url()).searchParams.get('hashes') ?? '');
    });
    await open(watcher.page, url);
    await expect.poll(() => watcher.page.locator('[data-testid=quiz][data-live="1"]').count()).toBe(5);
    const first = watcher.page.locator(`[data-testid=quiz][data-hash=${quizzes[0].hash}]`);
    await first.locator('[data-testid=quiz-reveal]').click();
    await expect.poll(() => first.getAttribute('data-view')).toBe('revealed');
    // One request for all five (the spec's batch), however the quizzes' hydration spreads on a busy machine: the
    // first to ask takes along every quiz the server drew (a quiz left out would come in a second request).
    await expect.poll(() => new Set(asked.flatMap((h) => h.split(','))).size).toBe(quizzes.length);
    expect(asked).toHaveLength(1);
    expect(asked[0].split(',').sort()).toEqual(quizzes.map((q) => q.hash).sort());

    // Two readers in two other browsers vote, one for each answer; the watcher sees both without a reload.
    for (const [who, option] of [
      [readers[0], 0],
      [author, 1],
    ] as const) {
      const voter = await signedInPage(browser, server, who.cookie);
      await open(voter.page, url);
      const quiz = voter.page.locator(`[data-testid=quiz][data-hash=${quizzes[0].hash}][data-live="1"]`);
      await quiz.waitFor();
      await quiz.locator('[data-testid=quiz-option]').nth(option).click();
      await expect.poll(() => quiz.getAttribute('data-view')).toBe('voted');
      await voter.context.close();
    }
    await expect.poll(() => countOf(first, 0), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => countOf(first, 1), { timeout: 15_000 }).toBe('1');
    expect(asked.flatMap((h) => h.split(',')).sort()).toEqual(quizzes.map((q) => q.hash).sort());
    await watcher.context.close();
  });

  it('an anonymous click raises unauthorized_click (quiz) and opens sign-in', async () => {
    const res = await fetch(`${server.url}/new`);
    expect(res.status).toBe(200);
    const { context, page } = await newPage(browser, 1280, 900);
    await open(page, `${server.url}/new`);
    // A one-answer quiz: a click on an option votes — once its code runs (the server's markup comes first; the quiz's
    // code loads after the page's, and `data-live` says it has joined the entry's channel).
    const card = page
      .locator('[data-testid=entry-card] [data-testid=quiz][data-live]:has(button[data-testid=quiz-option])')
      .first();
    await card.waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { clicks: unknown[] };
      w.clicks = [];
      window.addEventListener('unauthorized_click', (e) => w.clicks.push((e as CustomEvent).detail));
    });
    await card.locator('[data-testid=quiz-option]').first().click();
    await page.waitForSelector('[data-testid=auth-popup]');
    expect(await page.evaluate(() => (window as unknown as { clicks: unknown[] }).clicks)).toEqual([
      { context: 'quiz' },
    ]);
    // The fingerprint cookie: 40 alphanumerics for 30 days.
    const cookie = (await context.cookies()).find((c) => c.name === 'fingerprint');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(Math.round((cookie!.expires * 1000 - Date.now()) / 86_400_000)).toBe(30);
    await shot(page, 'quiz-anonymous-1280');
    await context.close();
  });

  it('the seeded demo has a quiz with its votes', async () => {
    const res = await callApi<Record<string, { total: number; items: Record<string, { isWinner: boolean }> }>>(
      server,
      '/v3.0/quiz/bundleResult?hashes=sovietfilms',
    );
    expect(res.data.sovietfilms.total).toBe(6);
    expect(res.data.sovietfilms.items.sovietfilms1.isWinner).toBe(true);
  });
});
