import { channelName, type ChannelAuth, type ChannelMessage, type SocketReply } from '../../../shared/realtime.ts';
import { Socket } from './socket.ts';

/** spec/foundation.md §9: unlimited attempts, 1000 ms first delay, 5000 ms at most, jitter 0.5, 20 s to connect. */
export const RECONNECT = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

/** spec/foundation.md §5, §8: the error thrown for a realtime URL that is not one; the console line above says why. */
export const INVALID_SOCKET_URL = 'Invalid socket URL, read above';

/** Splits an absolute realtime URL (`https://host/socket.io`) into the origin and the socket.io path. */
export function parseRealtimeUrl(url: string): { origin: string; path: string } {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (
    !parsed ||
    !/^(https?|wss?):$/.test(parsed.protocol) ||
    !parsed.host ||
    parsed.search ||
    parsed.hash ||
    parsed.pathname === '/'
  ) {
    console.error(
      `Realtime: "${url}" is not a socket URL; expected the realtime host and path, e.g. https://example.ru/socket.io`,
    );
    throw new Error(INVALID_SOCKET_URL);
  }
  return { origin: parsed.origin.replace(/^ws/, 'http'), path: parsed.pathname.replace(/\/+$/, '') };
}

type Listener = (data: unknown) => void;

/** `channelName.user(id)`: the private channels, which the server opens only with a signature. */
const PRIVATE_CHANNEL = /^user-\d+$/;

/**
 * The channel wrapper of spec/foundation.md §4: `channel(name).on(listener)` — the first listener subscribes,
 * the last one unsubscribes, and every channel that still has listeners is subscribed again after a reconnect.
 * Websocket only, through the site's own small socket.io client (socket.ts). The connection opens lazily, with the
 * first listener.
 */
export class Realtime {
  readonly origin: string;
  readonly path: string;
  #socket: Socket | null = null;
  #listeners = new Map<string, Set<Listener>>();
  /** Told each time the server accepts a channel: a first join, after a sign-in, after a reconnect. */
  #onJoin = new Map<string, Set<() => void>>();
  #auth = new Map<string, ChannelAuth>();
  /** Channels the server accepted on this connection. */
  #joined = new Set<string>();
  #retry: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  /** Told when the connection goes up (true) or down (false). */
  onStatus: (connected: boolean) => void = () => {};

  constructor(url: string) {
    ({ origin: this.origin, path: this.path } = parseRealtimeUrl(url));
  }

  /**
   * Private channels (`user-{id}`) need the page data's time and hash. Sign-in hands the new reader's signature over
   * (the channel is joined then, never before, so it is not refused first); `null` (signed out) or another reader's
   * signature forgets the old one and leaves its channel.
   */
  authorize(auth: ChannelAuth | null) {
    for (const name of [...this.#auth.keys()]) {
      if (name === auth?.channel) continue;
      this.#auth.delete(name);
      this.#joined.delete(name);
      if (this.#socket?.connected) this.#socket.emit('unsubscribe', { channel: name });
    }
    if (!auth) return;
    this.#auth.set(auth.channel, auth);
    // A fresh signature of a channel already joined changes nothing on the server.
    if (this.#listeners.has(auth.channel) && !this.#joined.has(auth.channel)) this.#subscribe(auth.channel);
  }

  channel(name: string) {
    return {
      /**
       * Adds a listener; returns its removal. `joined` runs whenever the server accepts the channel: what happened
       * before that (while signing in, while offline) came to nobody, so a listener keeping a count asks for it then.
       */
      on: (listener: Listener, joined?: () => void) => {
        let set = this.#listeners.get(name);
        if (!set) {
          this.#listeners.set(name, (set = new Set()));
          this.#subscribe(name);
        }
        set.add(listener);
        if (joined) {
          let onJoin = this.#onJoin.get(name);
          if (!onJoin) this.#onJoin.set(name, (onJoin = new Set()));
          onJoin.add(joined);
          // Joined already for an earlier listener: this one hears of it too (once the caller has its removal).
          if (this.#joined.has(name)) queueMicrotask(() => this.#onJoin.get(name)?.has(joined) && joined());
        }
        this.#connect();
        return () => {
          if (joined) this.#onJoin.get(name)?.delete(joined);
          const current = this.#listeners.get(name);
          if (!current?.delete(listener) || current.size) return;
          this.#listeners.delete(name);
          this.#joined.delete(name);
          if (this.#socket?.connected) this.#socket.emit('unsubscribe', { channel: name });
        };
      },
    };
  }

  get connected() {
    return this.#socket?.connected ?? false;
  }

  /** The channels that have listeners (tests and debugging). */
  get channels() {
    return [...this.#listeners.keys()];
  }

  close() {
    this.#closed = true;
    clearTimeout(this.#retry);
    this.#socket?.disconnect();
    this.#socket = null;
  }

  #connect() {
    if (this.#socket || this.#closed) return;
    this.#open(new Socket(this.origin, { path: this.path, ...RECONNECT }));
  }

  #open(socket: Socket) {
    this.#socket = socket;
    // Every (re)connection starts with no rooms on the server: subscribe to everything still wanted.
    socket.on('connect', () => {
      this.#listeners.forEach((_, name) => this.#subscribe(name));
      this.onStatus(true);
    });
    socket.on('event', (message: ChannelMessage) => {
      if (!message || typeof message.channel !== 'string') return;
      if (message.channel === channelName.anyUser) {
        // One broadcast to many members' private channels: ours is among them (the server sent it to our room).
        this.#listeners.forEach((set, name) => {
          if (PRIVATE_CHANNEL.test(name)) set.forEach((listener) => listener(message.data));
        });
        return;
      }
      this.#listeners.get(message.channel)?.forEach((listener) => listener(message.data));
    });
    socket.on('error', (reply: SocketReply) => console.warn('Realtime:', reply));
    // A server that closes us on purpose (a node shutting down) is not retried by socket.io itself.
    socket.on('disconnect', (reason) => {
      this.#joined.clear();
      this.onStatus(false);
      if (reason !== 'io server disconnect' || this.#closed) return;
      const delay = RECONNECT.reconnectionDelay * (1 + RECONNECT.randomizationFactor * (Math.random() * 2 - 1));
      this.#retry = setTimeout(() => socket.connect(), delay);
    });
  }

  #subscribe(name: string) {
    const socket = this.#socket;
    // Not connected yet: the `connect` handler subscribes (emitting now would be buffered and sent twice).
    if (!socket?.connected) return;
    const auth = this.#auth.get(name);
    // A private channel waits for its signature: `authorize` subscribes it once the page data brings one.
    if (!auth && PRIVATE_CHANNEL.test(name)) return;
    socket.emit(
      'subscribe',
      auth ? { channel: name, time: auth.time, hash: auth.hash } : { channel: name },
      (reply: SocketReply) => {
        if (reply?.ok) {
          if (!this.#listeners.has(name)) return;
          this.#joined.add(name);
          this.#onJoin.get(name)?.forEach((joined) => joined());
        } else console.warn('Realtime: subscription refused', reply);
      },
    );
  }
}
