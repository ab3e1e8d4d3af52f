import { sql } from 'drizzle-orm';
import { startTestApp, Visitor } from './src/server/testing/harness.ts';
import { entries, comments } from './src/server/db/schema.ts';
const t = await startTestApp();
const v = new Visitor(t.app);
const { user } = await v.register();
const [e] = await t.database.db.insert(entries).values({ subsiteId: user.id, authorId: user.id, title: 'Тест', isPublished: true, publishedAt: new Date() }).returning();
const text = 'Комментарий с текстом средней длины, где есть ссылка https://example.com/path и ещё немного слов для объёма.\nВторая строка.';
const ids: number[] = [];
for (let i = 0; i < 2000; i++) {
  const [c] = await t.database.db.insert(comments).values({ entryId: e.id, authorId: user.id, text, replyTo: i % 3 && ids.length ? ids[Math.floor(Math.random() * ids.length)] : null }).returning({ id: comments.id });
  ids.push(c.id);
}
await t.database.db.execute(sql`update entries set comments_count = 2000 where id = ${e.id}`);
const anon = new Visitor(t.app);
for (let i = 0; i < 8; i++) {
  const t0 = performance.now();
  const res = await anon.get(`/v3.0/comments?content_id=${e.id}&sorting=popular`);
  console.log(res.statusCode, res.body.length, Math.round(performance.now() - t0), 'ms');
}
const { service } = { service: await import('./src/server/modules/comments/service.ts') };
const t1 = performance.now();
for (let i = 0; i < 5; i++) await service.list(t.app.ctx, null, e.id, 'popular');
console.log('service.list', Math.round((performance.now() - t1) / 5), 'ms');
const q = await import('./src/server/modules/comments/queries.ts');
const t2 = performance.now();
for (let i = 0; i < 5; i++) await q.entryComments(t.app.ctx.db, e.id, null);
console.log('query', Math.round((performance.now() - t2) / 5), 'ms');
await t.close();
