/**
 * The sockets of `npm run cluster:drill`: socket.io clients through the balancer (WebSocket only: the nodes share
 * no polling sessions), each subscribed to an entry's comment channel and subscribing again after every reconnect,
 * as the site's script does. Each client's downs and ups (connected and subscribed) are logged with their times.
 */
import { io, type Socket } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();

interface Watched {
  socket: Socket;
  /** Times the client lost its connection, and the times it was connected and subscribed again. */
  downs: number[];
  ups: number[];
  up: boolean;
}

export class Sockets {
  private clients: Watched[] = [];

  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }

  /** Opens `count` clients on the channels given in turn; resolves once every one is connected and subscribed. */
  async open(count: number, channels: string[]) {
    await Promise.all(
      Array.from({ length: count }, (_, i) => {
        const socket = io(this.url, {
          path: '/socket.io',
          transports: ['websocket'],
          forceNew: true,
          reconnection: true,
          reconnectionDelay: 500,
          reconnectionDelayMax: 2000,
          timeout: 20_000,
        });
        const w: Watched = { socket, downs: [], ups: [], up: false };
        this.clients.push(w);
        const channel = channels[i % channels.length];
        return new Promise<void>((resolve) => {
          socket.on('connect', () => {
            void socket
              .timeout(20_000)
              .emitWithAck('subscribe', { channel })
              .then((reply: { ok?: boolean }) => {
                if (!reply?.ok) return;
                w.up = true;
                w.ups.push(now());
                resolve();
              })
              .catch(() => socket.disconnect().connect());
          });
          socket.on('disconnect', () => {
            if (w.up) w.downs.push(now());
            w.up = false;
          });
        });
      }),
    );
  }

  connected() {
    return this.clients.filter((c) => c.up).length;
  }

  get size() {
    return this.clients.length;
  }

  /** Resolves once every client is connected and subscribed (or at the deadline, false). */
  async allUp(deadline: number) {
    while (this.connected() < this.clients.length) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
    return true;
  }

  /** The clients dropped since `from`, and when the last of them was back (null: not all back). */
  dropsSince(from: number) {
    const dropped = this.clients.filter((c) => c.downs.some((d) => d >= from));
    let lastBack = from;
    for (const c of dropped) {
      const back = c.ups.find((u) => u > c.downs.find((d) => d >= from)!);
      if (back === undefined) return { dropped: dropped.length, lastBack: null };
      lastBack = Math.max(lastBack, back);
    }
    return { dropped: dropped.length, lastBack };
  }

  close() {
    for (const c of this.clients) {
      c.socket.io.opts.reconnection = false;
      c.socket.disconnect();
    }
  }
}
