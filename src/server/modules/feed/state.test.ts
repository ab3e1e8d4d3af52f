import { describe, expect, it } from 'vitest';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { messages } from '../../../shared/catalogue.ts';

/** The feed state's `content_id` and `page` (spec/content.md §3, issue 32 point 7). */
const { t } = useTestApp();

describe('GET /v3.0/feed with the feed state’s content_id and page', () => {
  it('leaves out the entry it is loaded under (content_id or contentId), accepts page', async () => {
    const { v, id } = await newUser(t.app, 'Автор Ленты');
    const ids: number[] = [];
    for (const title of ['Первая', 'Вторая', 'Третья'])
      ids.push((await savedEntry(v, { title, entry: [text(title)], is_published: 1 })).id);
    const feed = async (q: string) => {
      const res = await new Visitor(t.app).get(`/v3.0/feed?subsite_id=${id}&sorting=date${q}`);
      expect(res.json().rc, res.body).toBe(200);
      return res.json().data.items.map((c: { id: number }) => c.id);
    };
    expect(await feed('')).toEqual([...ids].reverse());
    expect(await feed(`&content_id=${ids[1]}`)).toEqual([ids[2], ids[0]]);
    expect(await feed(`&contentId=${ids[2]}&exclude_ids=${ids[2]},${ids[0]}`)).toEqual([ids[1]]);
    expect(await feed(`&page=2&content_id=${ids[0]}`)).toEqual([ids[2], ids[1]]);
  });

  it('refuses malformed values with a Russian 400', async () => {
    const bad: [string, string][] = [
      ['content_id=abc', messages.feedContentIdInvalid],
      ['content_id=0', messages.feedContentIdInvalid],
      ['contentId=-3', messages.feedContentIdInvalid],
      ['page=0', messages.feedPageInvalid],
      ['page=10001', messages.feedPageInvalid],
      ['page=1.5', messages.feedPageInvalid],
    ];
    for (const [q, rm] of bad) {
      const res = await new Visitor(t.app).get(`/v3.0/feed?${q}`);
      expect(isRussianError(res, 400), q).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
  });
});
