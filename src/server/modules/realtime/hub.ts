import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import {
  SOCKET_PATH,
  channelName,
  type ChannelMessage,
  type SocketReply,
  type SystemEvent,
} from '../../../shared/realtime.ts';
import type { Ctx } from '../../context.ts';
import { CHANNEL_NAME_MAX, channelRule, checkAuth } from '../../lib/channels.ts';
import { saveStaticVersion } from './queries.ts';
import { closeRedis, duplicateRedis, redisUp } from '../../lib/redis.ts';
import { onScrape } from '../../lib/metrics.ts';

/** Per connection: channels at once, bytes per message, commands per window (a misbehaving tab is cut off). */
export const MAX_CHANNELS_PER_SOCKET = 200;
export const MAX_MESSAGE_BYTES = 16 * 1024;
export const COMMANDS_PER_WINDOW = 300;
const COMMAND_WINDOW_MS = 10_000;

export interface Hub {
  io: Server;
  /** Sends `event {channel, data}` to every subscriber on every node. */
  publish(channel: string, data: unknown): void;
  /**
   * One broadcast to many private user channels (one socket.io emit to all their rooms: one Redis publish carrying
   * the room list, never per member). Sockets in several of the rooms get it once; it arrives as `channelName.anyUser`.
   */
  publishToUsers(userIds: number[], data: unknown): void;
  /** Closes every socket in this person's private channel, on every node (an account deleted). */
  disconnectUser(userId: number): void;
  /** Tells clients the build they run is old (on every node's start; also answered to each `system` subscriber). */
  announceStaticVersion(version: string): Promise<void>;
}

const hubs = new WeakMap<Ctx, Hub>();
/** The app's socket hub (tests and the web glue). */
export const hubOf = (ctx: Ctx) => hubs.get(ctx.root);

const channelField = z.string().min(1).max(CHANNEL_NAME_MAX);
const subscribePayload = z.strictObject({
  channel: channelField,
  time: z
    .union([
      z.number().int().nonnegative(),
      z
        .string()
        .regex(/^\d{1,12}$/)
        .transform(Number),
    ])
    .optional(),
  hash: z.string().max(128).optional(),
});
const unsubscribePayload = z.strictObject({ channel: channelField });
const broadcastPayload = z.strictObject({ channel: channelField, data: z.unknown() });

/**
 * socket.io on the app's HTTP server at `/socket.io` (websocket and polling). Each channel is a socket.io room;
 * with Redis the rooms span every node through @socket.io/redis-adapter (its own pub and sub connections).
 */
export function startHub(app: FastifyInstance): Hub {
  const ctx = app.ctx;
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
  });
  // While Redis is down a publish reaches this node's sockets only; the subscriber re-subscribes when it returns.
  const redisClients = ctx.redis
    ? [duplicateRedis(ctx.redis, ctx.log, 'pub'), duplicateRedis(ctx.redis, ctx.log, 'sub')]
    : [];
  if (redisClients.length) {
    io.adapter(createAdapter(redisClients[0], redisClients[1], { key: `sreda:${ctx.config.redisNamespace}socket.io` }));
  }
  /** The newest build any node announced: during a rolling deploy the old nodes must not tell new tabs they are old. */
  let staticVersion = '';
  if (redisClients.length) io.on('static_version', (version: string) => (staticVersion = version));
  // This node's sockets, channels and adapter connections, read at each metrics scrape (lib/metrics.ts).
  const stopCounting = onScrape(ctx, (m) => {
    const local = io.of('/');
    m.socketsConnected.set(local.sockets.size);
    // Each socket also sits in a room named by its own id: that one is no channel.
    let channels = 0;
    for (const room of local.adapter.rooms.keys()) if (!local.sockets.has(room)) channels++;
    m.socketChannels.set(channels);
    redisClients.forEach((r, i) => m.redisUp.set({ client: i ? 'sub' : 'pub' }, redisUp(r) ? 1 : 0));
  });

  io.on('connection', (socket) => {
    let commands = 0;
    let windowStart = Date.now();
    // One guard for every command: a flood (or a payload of the wrong shape) is answered, never thrown.
    const command = <T>(name: string, schema: z.ZodType<T>, run: (input: T) => SocketReply) => {
      socket.on(name, (payload: unknown, ack?: unknown) => {
        const answer = (reply: SocketReply) =>
          typeof ack === 'function' ? ack(reply) : !reply.ok && socket.emit('error', reply);
        const now = Date.now();
        if (now - windowStart > COMMAND_WINDOW_MS) {
          windowStart = now;
          commands = 0;
        }
        if (++commands > COMMANDS_PER_WINDOW) {
          answer({ ok: false, channel: null, error: messages.socketTooFast });
          socket.disconnect(true);
          return;
        }
        const parsed = schema.safeParse(payload);
        const channel =
          typeof (payload as { channel?: unknown })?.channel === 'string'
            ? (payload as { channel: string }).channel.slice(0, CHANNEL_NAME_MAX)
            : null;
        if (!parsed.success) return answer({ ok: false, channel, error: messages.socketBadRequest });
        try {
          answer(run(parsed.data));
        } catch (err) {
          ctx.log.error({ err, command: name }, 'socket command failed');
          answer({ ok: false, channel, error: messages.somethingWrong });
        }
      });
    };

    command('subscribe', subscribePayload, ({ channel, time, hash }) => {
      const rule = channelRule(channel);
      if (!rule) return { ok: false, channel, error: messages.socketUnknownChannel };
      if (rule.private) {
        const verdict = checkAuth(ctx.config.secret, channel, time, hash, ctx.now());
        if (verdict !== 'ok')
          return {
            ok: false,
            channel,
            error: verdict === 'expired' ? messages.socketAuthExpired : messages.socketAuthRequired,
          };
      }
      // socket.rooms holds the socket's own id room too.
      if (!socket.rooms.has(channel) && socket.rooms.size > MAX_CHANNELS_PER_SOCKET) {
        return { ok: false, channel, error: messages.socketTooManyChannels(MAX_CHANNELS_PER_SOCKET) };
      }
      void socket.join(channel);
      // A client that connected after a deploy hears the current build at once (it compares with its own).
      if (channel === channelName.system && staticVersion) {
        socket.emit('event', {
          channel,
          data: { type: 'static_version_changed', version: staticVersion } satisfies SystemEvent,
        });
      }
      return { ok: true, channel };
    });

    command('unsubscribe', unsubscribePayload, ({ channel }) => {
      void socket.leave(channel);
      return { ok: true, channel };
    });

    command('broadcast', broadcastPayload, ({ channel, data }) => {
      const rule = channelRule(channel);
      if (!rule) return { ok: false, channel, error: messages.socketUnknownChannel };
      if (!rule.broadcast) return { ok: false, channel, error: messages.socketBroadcastForbidden };
      if (!socket.rooms.has(channel)) return { ok: false, channel, error: messages.socketNotSubscribed };
      socket.to(channel).emit('event', { channel, data } satisfies ChannelMessage);
      return { ok: true, channel };
    });
  });

  // Open websockets would hold the HTTP server's close; drop them first (clients reconnect to another node).
  // A publish after the Redis connections quit would reject inside the adapter, out of anyone's reach.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    stopCounting();
    await io.close();
    await Promise.all(redisClients.map(closeRedis));
  });

  const hub: Hub = {
    io,
    publish(channel, data) {
      if (closing) return;
      io.to(channel).emit('event', { channel, data } satisfies ChannelMessage);
    },
    publishToUsers(userIds, data) {
      if (closing || !userIds.length) return;
      io.to(userIds.map(channelName.user)).emit('event', {
        channel: channelName.anyUser,
        data,
      } satisfies ChannelMessage);
    },
    disconnectUser(userId) {
      if (closing) return;
      io.in(channelName.user(userId)).disconnectSockets(true);
    },
    async announceStaticVersion(version) {
      staticVersion = version;
      try {
        if (!(await saveStaticVersion(ctx.db, version))) return;
        hub.publish(channelName.system, { type: 'static_version_changed', version } satisfies SystemEvent);
        if (redisClients.length) io.serverSideEmit('static_version', version);
      } catch (err) {
        // Not worth failing a start over: clients still hear the version when they subscribe to `system`.
        ctx.log.error({ err }, 'static version announcement failed');
      }
    },
  };
  hubs.set(ctx.root, hub);
  return hub;
}
