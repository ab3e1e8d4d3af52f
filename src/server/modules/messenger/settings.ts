import type { MessengerSettings } from '../../../shared/messenger.ts';
import type { Ctx } from '../../context.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { settings as userSettings } from '../users/index.ts';
import type { Viewer } from './access.ts';

// ——— Settings ———

export async function settings(ctx: Ctx, viewer: Viewer): Promise<MessengerSettings> {
  const [p] = await q.people(ctx.db, [viewer.id]);
  return policy.settingsOf(p?.settings);
}

export async function saveSettings(ctx: Ctx, viewer: Viewer, patch: Partial<MessengerSettings>) {
  const next = { ...(await settings(ctx, viewer)), ...patch };
  await userSettings.messenger.merge(ctx.db, viewer.id, next);
  return next;
}
