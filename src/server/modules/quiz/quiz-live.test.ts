import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ChannelMessage, ContentEvent, SocketReply } from '../../../shared/realtime.ts';
import { newUser, startTestApp, type TestApp } from '../../testing/harness.ts';
import { savedEntry } from '../entries/testing.ts';
import { QUIZ_THROTTLE_MS } from '../realtime/publish.ts';
import { quizBlock } from './testing.ts';

let t: TestApp;
let url: string;
let socket: Socket;

beforeAll(async () => {
  t = await startTestApp();
  // A real socket.io client needs a real port.
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  socket?.disconnect();
  await t?.close();
});

it("sends a quiz's results to the entry's channel, a thousand votes a second making a few messages", async () => {
  const author = await newUser(t.app, 'Автор Опроса');
  const quiz = quizBlock(2);
  const entry = await savedEntry(author.v, { title: 'Опрос', entry: [quiz], is_published: 1 });
  const [yes, no] = quiz.data.items.map((i) => i.hash);

  socket = connectSocket(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const channel = `content-${entry.id}`;
  const reply = (await socket.timeout(3000).emitWithAck('subscribe', { channel })) as SocketReply;
  expect(reply.ok).toBe(true);
  const got: ContentEvent[] = [];
  socket.on('event', (m: ChannelMessage<ContentEvent>) => m.channel === channel && got.push(m.data));

  const readers = [await newUser(t.app, 'Первый'), await newUser(t.app, 'Второй')];
  const started = Date.now();
  expect((await readers[0].v.post(`/v3.0/quiz/${quiz.data.hash}/entryId/${entry.id}/vote/${yes}`)).json().rc).toBe(200);
  // A storm: the votes' event a thousand times within the window, as a viral quiz makes it.
  for (let i = 0; i < 1000; i++) t.app.ctx.events.emit('quiz.voted', { entryId: entry.id, hash: quiz.data.hash });
  expect((await readers[1].v.post(`/v3.0/quiz/${quiz.data.hash}/entryId/${entry.id}/vote/${no}`)).json().rc).toBe(200);

  await expect
    .poll(() => got.at(-1)?.type === 'quiz results updated' && got.at(-1))
    .toMatchObject({
      hash: quiz.data.hash,
      results: { total: 2, userVoted: false, userItems: [] },
    });
  const elapsed = Date.now() - started;
  // The first vote goes out at once; the rest of each window folds into one message at its end.
  expect(got.length).toBeLessThanOrEqual(Math.ceil(elapsed / QUIZ_THROTTLE_MS) + 1);
  expect(got.length).toBeLessThan(10);
  const last = got.at(-1);
  expect(last?.type === 'quiz results updated' && last.results.items[yes]).toEqual({
    isWinner: true,
    percentage: 50,
    count: 1,
  });
});
