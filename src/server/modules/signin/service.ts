import Bowser from 'bowser';
import type { CurrentUser } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import { channelName } from '../../../shared/realtime.ts';
import { MAGIC_TTL_MIN, QR_TTL_S, type ProviderType } from '../../../shared/signin.ts';
import type { QrCode, QrRequest, SigninMethods } from '../../../shared/api/signin.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { currentUserById, openSessionFor, type ClientInfo, type SessionInfo } from '../auth/service.ts';
import { findUserByEmail } from '../auth/index.ts';
import { channelAuth } from '../../lib/channels.ts';
import { offeredProviders, providerName } from './oauth.ts';
import { requireAnotherWayIn, requireQrConfirmable } from './policy.ts';
import { queueLetter } from '../../jobs/letters.ts';
import { linkFromLetter } from './link.ts';
import * as q from './queries.ts';
import { newSecret, sha256 } from './secrets.ts';

export { newSecret, sha256 };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export interface SignedIn {
  user: CurrentUser;
  session: SessionInfo;
}

/** Opens a session for a user who proved who they are, then presents them (after the transaction, if any). */
async function present(ctx: Ctx, userId: number, session: SessionInfo, method: string): Promise<SignedIn> {
  const user = await currentUserById(ctx, userId, method);
  if (!user) throw badRequest(messages.wrongCredentials);
  return { user, session };
}

// ── QR login ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A new QR code for a signed-out browser: the phone's URL carries one secret (`code`), the browser keeps another
 * (`key`); the browser listens on its private channel and, once the phone confirms, exchanges its key for a session.
 */
export async function createQr(ctx: Ctx, client: ClientInfo): Promise<QrCode> {
  const code = newSecret();
  const key = newSecret();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + QR_TTL_S * 1000);
  const row = await q.insertCode(ctx.db, {
    kind: 'qr',
    tokenHash: sha256(code),
    browserKeyHash: sha256(key),
    data: { ip: client.ip, userAgent: client.userAgent.slice(0, 300) },
    expiresAt,
  });
  return {
    url: `${ctx.config.publicUrl}/auth/qr/${code}`,
    key,
    expires_at: seconds(expiresAt),
    ...channelAuth(ctx.config.secret, channelName.signinQr(row.id), now),
  };
}

function describeDevice(userAgent: string) {
  const ua = Bowser.parse(userAgent || 'unknown');
  const browser = [ua.browser.name, ua.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [ua.os.name, ua.os.versionName ?? ua.os.version].filter(Boolean).join(' ');
  return { browser: browser || '—', os: os || '—' };
}

async function liveQr(ctx: Ctx, code: string) {
  const row = await q.findLiveCode(ctx.db, 'qr', sha256(code), ctx.now());
  if (!row || row.confirmedAt) throw badRequest(messages.qrInvalid);
  return row;
}

/** What the phone shows before confirming: the asking browser, its address and when it asked. */
export async function qrRequest(ctx: Ctx, code: string): Promise<QrRequest> {
  const row = await liveQr(ctx, code);
  const { data } = row;
  return {
    ...describeDevice(data.userAgent ?? ''),
    ip: data.ip ?? '',
    created_at: seconds(row.createdAt),
    expires_at: seconds(row.expiresAt),
  };
}

/** The signed-in phone says yes: the waiting browser hears it on its channel at once. */
export async function confirmQr(ctx: Ctx, user: UserRow, code: string): Promise<void> {
  const row = await liveQr(ctx, code);
  requireQrConfirmable(row.confirmedAt);
  if (!(await q.confirmQr(ctx.db, row.id, user.id, ctx.now()))) throw badRequest(messages.qrInvalid);
  ctx.events.emit('signin.qr_confirmed', { codeId: row.id });
}

/** The phone says no: the code is spent, nobody signs in with it. */
export async function rejectQr(ctx: Ctx, code: string): Promise<void> {
  const row = await liveQr(ctx, code);
  await q.useCode(ctx.db, row.id, ctx.now());
}

/** The waiting browser trades its key for a session, once, after the phone confirmed and before the code expires. */
export async function completeQr(ctx: Ctx, key: string, client: ClientInfo): Promise<SignedIn> {
  const row = await q.findQrByBrowserKey(ctx.db, sha256(key), ctx.now());
  if (!row) throw badRequest(messages.qrInvalid);
  if (!row.confirmedAt || !row.userId) throw badRequest(messages.qrNotConfirmed);
  const userId = row.userId;
  const session = await transaction(ctx, async (ctx) => {
    if (!(await q.useCode(ctx.db, row.id, ctx.now()))) throw badRequest(messages.qrInvalid);
    return openSessionFor(ctx, userId, client, 'qr');
  });
  return present(ctx, userId, session, 'qr');
}

// ── Magic link ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * 'Войти по ссылке из письма': mails a one-time 15-minute link when the address is known; the answer is the same
 * either way. `redirect_url` is where the visitor lands after following the link.
 */
export async function createMagic(ctx: Ctx, email: string, redirect = '/'): Promise<{ redirect_url: string }> {
  const user = await findUserByEmail(ctx.db, email);
  const redirectUrl = `${ctx.config.publicUrl}${redirect}`;
  if (!user) return { redirect_url: redirectUrl };
  const token = newSecret();
  const link = `${ctx.config.publicUrl}/auth/magic?token=${token}`;
  await transaction(ctx, async (ctx) => {
    await q.insertCode(ctx.db, {
      kind: 'magic',
      tokenHash: sha256(token),
      userId: user.id,
      data: { redirect },
      expiresAt: new Date(ctx.now().getTime() + MAGIC_TTL_MIN * 60_000),
    });
    await queueLetter(ctx, {
      to: user.email,
      subject: messages.magicMailSubject,
      text: messages.magicMailText(user.name, link, MAGIC_TTL_MIN),
      secrets: [link],
    });
  });
  return { redirect_url: redirectUrl };
}

/** Following the link (a button on its page, so a mail scanner's GET spends nothing): signs in once. */
export async function useMagic(
  ctx: Ctx,
  token: string,
  client: ClientInfo,
): Promise<SignedIn & { redirect_url: string }> {
  const row = await q.findLiveCode(ctx.db, 'magic', sha256(token), ctx.now());
  if (!row?.userId) throw badRequest(messages.magicInvalid);
  const userId = row.userId;
  const { data } = row;
  const session = await transaction(ctx, async (ctx) => {
    if (!(await q.useCode(ctx.db, row.id, ctx.now()))) throw badRequest(messages.magicInvalid);
    // A link the owner was asked to confirm (link.ts): following it is the confirmation.
    if (data.link) await linkFromLetter(ctx, userId, data.link);
    return openSessionFor(ctx, userId, client, 'magic');
  });
  const redirect = data.redirect ?? '/';
  return { ...(await present(ctx, userId, session, 'magic')), redirect_url: `${ctx.config.publicUrl}${redirect}` };
}

// ── Methods in settings ────────────────────────────────────────────────────────────────────────────────────

export async function methods(ctx: Ctx, user: UserRow): Promise<SigninMethods> {
  const [identities, keys, password] = await Promise.all([
    q.identitiesOf(ctx.db, user.id),
    q.passkeysOf(ctx.db, user.id),
    q.hasPassword(ctx.db, user.id),
  ]);
  return {
    has_password: password,
    providers: offeredProviders(ctx),
    identities: identities.map((i) => ({
      id: i.id,
      type: i.provider,
      provider_name: providerName(ctx, i.provider),
      name: i.name,
      email: i.email,
      created_at: seconds(i.createdAt),
    })),
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: seconds(k.createdAt),
      last_used_at: k.lastUsedAt ? seconds(k.lastUsedAt) : null,
    })),
  };
}

/** `POST /users/settings/unlink {id, type}`: a provider or a passkey goes, never the last way in. */
export async function unlink(
  ctx: Ctx,
  user: UserRow,
  id: number,
  type: ProviderType | 'passkey',
): Promise<SigninMethods> {
  await transaction(ctx, async (ctx) => {
    // Counted (and the user's row locked) before the delete; a refusal rolls the delete back.
    const ways = await q.waysIn(ctx.db, user.id);
    const gone =
      type === 'passkey'
        ? await q.deletePasskey(ctx.db, id, user.id)
        : await q.deleteIdentity(ctx.db, id, user.id, type);
    if (!gone) throw badRequest(messages.unlinkInvalid);
    requireAnotherWayIn(ways);
  });
  return methods(ctx, user);
}

/** Spent and expired codes are kept a day (for the log's sake), then removed by the schedule. */
export async function cleanUp(ctx: Ctx): Promise<void> {
  await q.deleteOldCodes(ctx.db, new Date(ctx.now().getTime() - 86400_000));
}

/** An account being deleted (accounts' first step, in its transaction): every way in through this module ends. */
export { forgetSignins } from './queries.ts';
