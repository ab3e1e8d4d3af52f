import { io as connectSocket, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { MessengerEvent } from '../../../shared/messenger.ts';
import { channelName, type ChannelMessage } from '../../../shared/realtime.ts';
import { channelAuth } from '../../lib/channels.ts';

/**
 * A real socket.io client on one person's signed private channel, collecting the messenger events that reach it (a
 * chat's event to several members arrives once, as the any-user broadcast, only in the members' rooms).
 */
export async function listenAs(url: string, secret: string, userId: number) {
  const socket: Socket = connectSocket(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const channel = channelName.user(userId);
  const reply = await socket.timeout(3000).emitWithAck('subscribe', channelAuth(secret, channel, new Date()));
  expect(reply.ok).toBe(true);
  const got: MessengerEvent[] = [];
  socket.on('event', (m: ChannelMessage<MessengerEvent>) => {
    if (m.channel === channel || m.channel === channelName.anyUser) got.push(m.data);
  });
  return { socket, got };
}
