import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Socket } from './socket.ts';

/**
 * The page's own socket.io client (socket.ts) against a real socket.io server, over Node's WebSocket: the protocol
 * the hub speaks (connect, events both ways, acknowledgements, the server's pings) and socket.io's reconnect rules.
 */
const OPTS = {
  path: '/socket.io',
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 50,
  reconnectionDelayMax: 200,
  randomizationFactor: 0.5,
  timeout: 5_000,
};

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

async function server(port = 0) {
  const httpServer = http.createServer();
  // Pings every 100 ms: the client must answer them or be dropped.
  const io = new Server(httpServer, { transports: ['websocket'], pingInterval: 100, pingTimeout: 200 });
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => io.close(() => resolve()));
  closers.push(close);
  return { io, origin: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, close };
}

function client(origin: string) {
  const socket = new Socket(origin, OPTS);
  closers.push(async () => {
    socket.disconnect();
  });
  return socket;
}

describe('the page socket client', () => {
  it('connects, sends and receives events with acknowledgements, and stays up across the server’s pings', async () => {
    const { io, origin } = await server();
    io.on('connection', (s) => {
      s.on('subscribe', (data: { channel: string }, ack: (r: unknown) => void) => {
        ack({ ok: true, channel: data.channel });
        s.emit('event', { channel: data.channel, data: { n: 1, text: 'Привет' } });
      });
    });
    const socket = client(origin);
    const events: unknown[] = [];
    socket.on('event', (e: unknown) => events.push(e));
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    const ack = await new Promise((resolve) => socket.emit('subscribe', { channel: 'live' }, resolve));
    expect(ack).toEqual({ ok: true, channel: 'live' });
    await vi.waitFor(() => expect(events).toEqual([{ channel: 'live', data: { n: 1, text: 'Привет' } }]));
    // Several ping rounds later it is still the same connection.
    const [first] = [...(await io.fetchSockets())].map((s) => s.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(socket.connected).toBe(true);
    expect((await io.fetchSockets()).map((s) => s.id)).toEqual([first]);
  });

  it('reconnects after the transport is lost, but not after the server disconnects it', async () => {
    const { io, origin } = await server();
    const socket = client(origin);
    let connects = 0;
    socket.on('connect', () => connects++);
    await vi.waitFor(() => expect(connects).toBe(1));
    // A lost transport (a restart, a network change): socket.io's rule is to come back.
    for (const s of io.sockets.sockets.values()) s.conn.close();
    await vi.waitFor(() => expect(connects).toBe(2));
    expect(socket.connected).toBe(true);
    // The server said goodbye: the client stays away, as socket.io-client does.
    for (const s of await io.fetchSockets()) s.disconnect(true);
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(connects).toBe(2);
  });
});
