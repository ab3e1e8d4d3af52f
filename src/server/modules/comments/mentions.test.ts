import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../testing/harness.ts';
import { entries, subsites } from '../../db/schema.ts';
import type { Comment } from '../../../shared/comments.ts';
import { mentionedSlugs, renderCommentText } from './text.ts';

const { t, signedIn } = useTestApp();

const slugOf = async (id: number) =>
  (await t.database.db.select({ slug: subsites.slug }).from(subsites).where(eq(subsites.id, id)))[0].slug;

describe('@mentions in comments', () => {
  it('finds @slug mentions, not emails or parts of words', () => {
    expect(mentionedSlugs('@ivan-petrov, привет! И @Maria тоже; ivan@example.ru и x@y не в счёт, @-нет')).toEqual([
      'ivan-petrov',
      'maria',
    ]);
    const html = renderCommentText(
      'Спасибо, @ivan-petrov! Пишите ivan@example.ru, а @nobody молчит',
      new Map([['ivan-petrov', '/u/7-ivan-petrov']]),
    );
    expect(html).toBe(
      '<p>Спасибо, <a href="/u/7-ivan-petrov" class="mention">@ivan-petrov</a>! Пишите ivan@example.ru, а @nobody молчит</p>',
    );
  });

  it('links @slug to the blog of the one person with that slug; an unknown or shared slug stays text', async () => {
    const author = await signedIn('Автор Обсуждения');
    const named = await signedIn('Глафира Упомянутая');
    const twinA = await signedIn('Иван Двойник');
    const twinB = await signedIn('Иван Двойник');
    const slug = await slugOf(named.id);
    const twins = await slugOf(twinA.id);
    expect(await slugOf(twinB.id)).toBe(twins);
    const [e] = await t.database.db
      .insert(entries)
      .values({
        subsiteId: author.id,
        authorId: author.id,
        title: 'Запись',
        slug: 'zapis',
        isPublished: true,
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const added = await author.v.post('/v3.0/comment/add', {
      id: e.id,
      text: `Согласна с @${slug}, а @${twins} и @nikto-takoy пусть ответят`,
    });
    expect(added.json().rc, added.body).toBe(200);
    const created = added.json().data as Comment;
    const link = `<a href="/u/${named.id}-${slug}" class="mention">@${slug}</a>`;
    expect(created.text).toBe(`<p>Согласна с ${link}, а @${twins} и @nikto-takoy пусть ответят</p>`);
    const listed = (await author.v.get(`/v3.0/comments?content_id=${e.id}`)).json().data.items as Comment[];
    expect(listed[0].text).toBe(created.text);
  });
});
