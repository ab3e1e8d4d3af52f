/**
 * The client side of `npm run bench:messenger`, run as a forked child process: opens protocol-level socket.io
 * clients (Engine.IO 4 / Socket.IO 5 over a bare `ws` WebSocket, as bench/realtime-clients.ts `light`), subscribes
 * each to one member's private channel `user-{id}` with its signature, and records for every `message_new` how long
 * after the send it arrived (the sender's time rides in the message text; both processes read the same clock).
 */
import WebSocket from 'ws';

interface OpenCommand {
  cmd: 'open';
  /** One subscription per member: the node to connect to and the signed channel. */
  members: { url: string; channel: string; time: number; hash: string }[];
}
type Command = OpenCommand | { cmd: 'collect' } | { cmd: 'close' };

const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
let latencies: number[] = [];
const CONNECTING_AT_ONCE = 100;
const SENT = /bench-(\d+(?:\.\d+)?)/;

function openOne(m: OpenCommand['members'][number]): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${m.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    sockets.push(ws);
    ws.on('message', (raw: Buffer) => {
      const s = raw.toString();
      if (s === '2') ws.send('3');
      else if (s.startsWith('0')) ws.send('40');
      else if (s.startsWith('40'))
        ws.send(`421${JSON.stringify(['subscribe', { channel: m.channel, time: m.time, hash: m.hash }])}`);
      else if (s.startsWith('431')) resolve(s.includes('"ok":true'));
      else if (s.startsWith('42["event"') && s.includes('"message_new"')) {
        const sent = SENT.exec(s);
        if (sent) latencies.push(now() - Number(sent[1]));
      }
    });
    ws.on('error', () => resolve(false));
  });
}

process.on('message', async (command: Command) => {
  if (command.cmd === 'open') {
    let opened = 0;
    let failed = 0;
    for (let i = 0; i < command.members.length; i += CONNECTING_AT_ONCE) {
      const batch = await Promise.all(command.members.slice(i, i + CONNECTING_AT_ONCE).map(openOne));
      for (const ok of batch) {
        if (ok) opened++;
        else failed++;
      }
    }
    process.send!({ cmd: 'opened', opened, failed });
  } else if (command.cmd === 'collect') {
    process.send!({ cmd: 'latencies', values: latencies });
    latencies = [];
  } else {
    sockets.forEach((s) => s.close());
    setTimeout(() => process.exit(0), 100);
  }
});
