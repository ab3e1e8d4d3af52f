import type { RealtimePageServices } from '../../../web/features/realtime/services.ts';
import { channelName } from '../../../web/features/realtime/protocol.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/queries.ts';
import { channelAuth } from './channels.ts';

export function realtimePage(ctx: Ctx, user: UserRow | null): RealtimePageServices {
  return {
    socketAuth: () => (user ? channelAuth(ctx.config.secret, channelName.user(user.id), ctx.now()) : null),
  };
}
