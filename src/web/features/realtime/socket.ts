/**
 * The socket.io client the page needs, and nothing more: the socket.io protocol (v5) over engine.io (v4) on a
 * WebSocket, the main namespace, JSON packets and acknowledgements. It replaces socket.io-client's ~40 KB (polling,
 * binary packets, namespaces and a multiplexer the site never uses), so a reader's first visit downloads a few
 * hundred bytes for its live updates. Reconnection follows socket.io's own rules: a lost transport is retried with
 * exponential backoff and jitter, a disconnect by the server or by us is not.
 */

/** The connection options of socket.io-client that the site sets (client.ts, RECONNECT). */
export interface SocketOptions {
  path: string;
  reconnection: boolean;
  reconnectionAttempts: number;
  reconnectionDelay: number;
  reconnectionDelayMax: number;
  randomizationFactor: number;
  /** Milliseconds to open the connection before it counts as failed. */
  timeout: number;
}

type Handler = (...args: unknown[]) => void;

/** Engine.io packet types (the first character of a frame). */
const OPEN = '0';
const CLOSE = '1';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
/** Socket.io packet types (the character after engine.io's MESSAGE). */
const CONNECT = '0';
const DISCONNECT = '1';
const EVENT = '2';
const ACK = '3';
const CONNECT_ERROR = '4';

export class Socket {
  connected = false;
  readonly #url: string;
  readonly #opts: SocketOptions;
  #ws: WebSocket | null = null;
  #handlers = new Map<string, Set<Handler>>();
  #acks = new Map<number, Handler>();
  #nextAck = 0;
  #attempts = 0;
  /** Whether a lost connection is reopened: false after `disconnect()` or a disconnect by the server. */
  #active = false;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #openTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setTimeout> | undefined;
  #pingWait = 0;

  /** `origin`: `http(s)://host`; the socket speaks to `ws(s)://host{path}/`. */
  constructor(origin: string, opts: SocketOptions) {
    this.#opts = opts;
    this.#url = `${origin.replace(/^http/, 'ws')}${opts.path}/?EIO=4&transport=websocket`;
    this.connect();
  }

  on<A extends unknown[]>(event: string, handler: (...args: A) => void) {
    let set = this.#handlers.get(event);
    if (!set) this.#handlers.set(event, (set = new Set()));
    set.add(handler as Handler);
    return this;
  }

  /** Sends an event; a function as the last argument receives the server's acknowledgement. Dropped while offline. */
  emit(event: string, ...args: unknown[]) {
    if (!this.connected) return this;
    let id = '';
    if (typeof args[args.length - 1] === 'function') {
      id = String(this.#nextAck++);
      this.#acks.set(Number(id), args.pop() as Handler);
    }
    this.#send(MESSAGE + EVENT + id + JSON.stringify([event, ...args]));
    return this;
  }

  connect() {
    this.#active = true;
    if (!this.#ws) this.#open();
    return this;
  }

  disconnect() {
    this.#active = false;
    clearTimeout(this.#reconnectTimer);
    if (this.connected) this.#send(MESSAGE + DISCONNECT);
    this.#drop('io client disconnect');
    return this;
  }

  #emitLocal(event: string, ...args: unknown[]) {
    this.#handlers.get(event)?.forEach((handler) => handler(...args));
  }

  #send(frame: string) {
    if (this.#ws?.readyState === WebSocket.OPEN) this.#ws.send(frame);
  }

  #open() {
    const ws = new WebSocket(this.#url);
    this.#ws = ws;
    this.#openTimer = setTimeout(() => this.#lost('timeout'), this.#opts.timeout);
    ws.onmessage = (e) => {
      if (this.#ws === ws && typeof e.data === 'string') this.#onFrame(e.data);
    };
    ws.onclose = () => {
      if (this.#ws === ws) this.#lost('transport close');
    };
  }

  #onFrame(frame: string) {
    switch (frame[0]) {
      case OPEN: {
        const { pingInterval, pingTimeout } = JSON.parse(frame.slice(1)) as {
          pingInterval: number;
          pingTimeout: number;
        };
        this.#pingWait = pingInterval + pingTimeout;
        this.#alive();
        this.#send(MESSAGE + CONNECT);
        return;
      }
      case PING:
        this.#alive();
        this.#send(PONG);
        return;
      case CLOSE:
        this.#lost('transport close');
        return;
      case MESSAGE:
        this.#onPacket(frame.slice(1));
    }
  }

  #onPacket(packet: string) {
    const type = packet[0];
    const body = packet.slice(1);
    if (type === CONNECT) {
      clearTimeout(this.#openTimer);
      this.#attempts = 0;
      this.connected = true;
      this.#emitLocal('connect');
    } else if (type === EVENT || type === ACK) {
      const at = body.indexOf('[');
      const id = body.slice(0, at);
      const args = JSON.parse(body.slice(at)) as unknown[];
      if (type === EVENT) {
        const [event, ...rest] = args as [string, ...unknown[]];
        this.#emitLocal(event, ...rest);
      } else {
        const ack = this.#acks.get(Number(id));
        this.#acks.delete(Number(id));
        ack?.(...args);
      }
    } else if (type === DISCONNECT) {
      this.#active = false;
      this.#drop('io server disconnect');
    } else if (type === CONNECT_ERROR) {
      this.#emitLocal('connect_error', JSON.parse(body || 'null'));
      this.#active = false;
      this.#drop('io server disconnect', false);
    }
  }

  /** The server pinged: the connection is alive for another ping interval and timeout. */
  #alive() {
    clearTimeout(this.#pingTimer);
    this.#pingTimer = setTimeout(() => this.#lost('ping timeout'), this.#pingWait);
  }

  /** Closes the WebSocket; tells the listeners when the socket was connected. */
  #drop(reason: string, notify = true) {
    clearTimeout(this.#openTimer);
    clearTimeout(this.#pingTimer);
    const ws = this.#ws;
    this.#ws = null;
    if (ws) {
      ws.onclose = ws.onmessage = null;
      ws.close();
    }
    this.#acks.clear();
    if (!this.connected) return;
    this.connected = false;
    if (notify) this.#emitLocal('disconnect', reason);
  }

  /** The transport failed or went silent: reconnect after socket.io's backoff while the socket is wanted. */
  #lost(reason: string) {
    this.#drop(reason);
    if (!this.#active || !this.#opts.reconnection || this.#attempts >= this.#opts.reconnectionAttempts) return;
    const { reconnectionDelay: min, reconnectionDelayMax: max, randomizationFactor: jitter } = this.#opts;
    // The exponent stops growing where the delay is long past its maximum (2 ** 1000 would end as NaN below).
    let delay = min * 2 ** Math.min(this.#attempts++, 20);
    const rand = Math.random();
    const deviation = Math.floor(rand * jitter * delay);
    delay = (Math.floor(rand * 10) & 1) === 0 ? delay - deviation : delay + deviation;
    clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = setTimeout(() => this.#active && !this.#ws && this.#open(), Math.min(delay, max));
  }
}
