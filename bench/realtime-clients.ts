/**
 * The client side of `npm run bench:realtime`, run as a forked child process: opens socket clients, subscribes
 * each to one channel, and records for every comment event how long after the comment was sent it arrived (the
 * sender's time rides in the comment text; both processes read the same clock: performance.timeOrigin +
 * performance.now()).
 *
 * Two kinds of client: `full` is socket.io-client (what the site runs); `light` speaks the same Engine.IO 4 /
 * Socket.IO 5 protocol over a bare `ws` WebSocket and reads the time with a regex instead of parsing the JSON,
 * so thousands of clients sharing the server's CPUs cost little and the figures show the server's own work.
 *
 * For bench/quiz.ts it records, per client, each `quiz results updated` as [client number, total voters, sum of
 * the options' counts, arrival]: the message carries no send time, so the bench matches it to its votes by the total.
 */
import { io } from 'socket.io-client';
import WebSocket from 'ws';

interface OpenCommand {
  cmd: 'open';
  urls: string[];
  count: number;
  channel: string;
  offset: number;
  kind: 'full' | 'light';
}
type Command =
  OpenCommand | { cmd: 'collect' } | { cmd: 'close' } | { cmd: 'await-total'; total: number; timeoutMs: number };

const now = () => performance.timeOrigin + performance.now();
interface Client {
  disconnect(): void;
}
const sockets: Client[] = [];
/** Each open socket's client number (its place among all the bench's clients). */
const clientNumbers: number[] = [];
let latencies: number[] = [];
/** Quiz messages, flat: client, total, counts' sum, arrival (four numbers each: cheap to send over IPC). */
let quizArrivals: number[] = [];
/** The highest quiz total each client has seen, by the client's number. */
const quizTotals = new Map<number, number>();
const CONNECTING_AT_ONCE = 100;

const SENT = /bench-(\d+(?:\.\d+)?)/;
const TOTAL = /"total":(\d+)/;
const COUNT = /"count":(\d+)/g;

function quizArrived(client: number, total: number, counted: number) {
  quizArrivals.push(client, total, counted, now());
  quizTotals.set(client, Math.max(total, quizTotals.get(client) ?? 0));
}

/** Engine.IO packets: 0 open, 2 ping, 3 pong, 4 message; Socket.IO inside a message: 0 connect, 2 event, 3 ack. */
function openLight(url: string, channel: string, client: number): Promise<Client | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const socket = { disconnect: () => ws.close() };
    ws.on('message', (raw: Buffer) => {
      const m = raw.toString();
      if (m === '2') ws.send('3');
      else if (m.startsWith('0')) ws.send('40');
      else if (m.startsWith('40')) ws.send(`421${JSON.stringify(['subscribe', { channel }])}`);
      else if (m.startsWith('431')) resolve(m.includes('"ok":true') ? socket : (ws.close(), null));
      else if (m.startsWith('42["event"') && m.includes('"comment_created"')) {
        const sent = SENT.exec(m);
        if (sent) latencies.push(now() - Number(sent[1]));
      } else if (m.startsWith('42["event"') && m.includes('"quiz results updated"')) {
        // JSON escapes a quote inside a string, so these keys match only the result's own fields.
        let counted = 0;
        for (const c of m.matchAll(COUNT)) counted += Number(c[1]);
        quizArrived(client, Number(TOTAL.exec(m)?.[1] ?? NaN), counted);
      }
    });
    ws.on('error', () => resolve(null));
  });
}

type Received =
  | { type: 'comment_created'; comment: { text: string } }
  | { type: 'quiz results updated'; results: { total: number; items: Record<string, { count: number }> } }
  // Any other event of the channel (not read).
  | { type: 'other' };

function openOne(url: string, channel: string, client: number): Promise<Client | null> {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 60_000,
    });
    socket.on('event', (m: { channel: string; data: Received }) => {
      if (m.channel !== channel) return;
      if (m.data.type === 'quiz results updated') {
        const counts = Object.values(m.data.results.items).reduce((sum, i) => sum + i.count, 0);
        return quizArrived(client, m.data.results.total, counts);
      }
      if (m.data.type !== 'comment_created') return;
      const sent = SENT.exec(m.data.comment.text);
      if (sent) latencies.push(now() - Number(sent[1]));
    });
    socket.once('connect', async () => {
      const reply = await socket
        .timeout(60_000)
        .emitWithAck('subscribe', { channel })
        .catch(() => null);
      resolve(reply?.ok ? socket : (socket.disconnect(), null));
    });
    socket.once('connect_error', () => resolve(null));
  });
}

async function open({ urls, count, channel, offset, kind }: OpenCommand) {
  const connect = kind === 'light' ? openLight : openOne;
  let failed = 0;
  for (let i = 0; i < count; i += CONNECTING_AT_ONCE) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(CONNECTING_AT_ONCE, count - i) }, (_, j) =>
        connect(urls[(offset + i + j) % urls.length], channel, offset + i + j),
      ),
    );
    batch.forEach((s, j) => {
      if (!s) return failed++;
      sockets.push(s);
      clientNumbers.push(offset + i + j);
    });
  }
  return { opened: sockets.length, failed };
}

process.on('message', async (command: Command) => {
  if (command.cmd === 'open') process.send!({ cmd: 'opened', ...(await open(command)) });
  else if (command.cmd === 'collect') {
    process.send!({ cmd: 'latencies', values: latencies, quiz: quizArrivals });
    latencies = [];
    quizArrivals = [];
  } else if (command.cmd === 'await-total') {
    // Answers once every open client has seen a quiz total this high (or at the timeout): the fan-out's end.
    const deadline = Date.now() + command.timeoutMs;
    const reached = () => sockets.filter((_, i) => (quizTotals.get(clientNumbers[i]) ?? 0) >= command.total).length;
    while (reached() < sockets.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    process.send!({ cmd: 'reached', clients: reached() });
  } else {
    sockets.forEach((s) => s.disconnect());
    process.exit(0);
  }
});
