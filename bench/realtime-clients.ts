/**
 * The client side of `npm run bench:realtime`, run as a forked child process: opens socket clients, subscribes
 * each to one channel, and records for every comment event how long after the comment was sent it arrived (the
 * sender's time rides in the comment text; both processes read the same clock: performance.timeOrigin +
 * performance.now()).
 *
 * Two kinds of client: `full` is socket.io-client (what the site runs); `light` speaks the same Engine.IO 4 /
 * Socket.IO 5 protocol over a bare `ws` WebSocket and reads the time with a regex instead of parsing the JSON,
 * so thousands of clients sharing the server's CPUs cost little and the figures show the server's own work.
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
type Command = OpenCommand | { cmd: 'collect' } | { cmd: 'close' };

const now = () => performance.timeOrigin + performance.now();
interface Client {
  disconnect(): void;
}
const sockets: Client[] = [];
let latencies: number[] = [];
const CONNECTING_AT_ONCE = 100;

const SENT = /bench-(\d+(?:\.\d+)?)/;

/** Engine.IO packets: 0 open, 2 ping, 3 pong, 4 message; Socket.IO inside a message: 0 connect, 2 event, 3 ack. */
function openLight(url: string, channel: string): Promise<Client | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const client = { disconnect: () => ws.close() };
    ws.on('message', (raw: Buffer) => {
      const m = raw.toString();
      if (m === '2') ws.send('3');
      else if (m.startsWith('0')) ws.send('40');
      else if (m.startsWith('40')) ws.send(`421${JSON.stringify(['subscribe', { channel }])}`);
      else if (m.startsWith('431')) resolve(m.includes('"ok":true') ? client : (ws.close(), null));
      else if (m.startsWith('42["event"') && m.includes('"comment_created"')) {
        const sent = SENT.exec(m);
        if (sent) latencies.push(now() - Number(sent[1]));
      }
    });
    ws.on('error', () => resolve(null));
  });
}

function openOne(url: string, channel: string): Promise<Client | null> {
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 60_000,
    });
    socket.on('event', (m: { channel: string; data: { type: string; comment?: { text: string } } }) => {
      if (m.channel !== channel || m.data.type !== 'comment_created') return;
      const sent = SENT.exec(m.data.comment?.text ?? '');
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
        connect(urls[(offset + i + j) % urls.length], channel),
      ),
    );
    for (const s of batch) {
      if (s) sockets.push(s);
      else failed++;
    }
  }
  return { opened: sockets.length, failed };
}

process.on('message', async (command: Command) => {
  if (command.cmd === 'open') process.send!({ cmd: 'opened', ...(await open(command)) });
  else if (command.cmd === 'collect') {
    process.send!({ cmd: 'latencies', values: latencies });
    latencies = [];
  } else {
    sockets.forEach((s) => s.disconnect());
    process.exit(0);
  }
});
