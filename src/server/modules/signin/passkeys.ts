import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { PASSKEY_CHALLENGE_TTL_MIN, PASSKEYS_MAX } from '../../../shared/signin.ts';
import type { PasskeyOptions } from '../../../shared/api/signin.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, badRequestOf, expected } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { announceSigninMethod, openSessionFor, type ClientInfo, type SessionInfo } from '../auth/service.ts';
import * as q from './queries.ts';
import { newSecret, sha256 } from './service.ts';

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: the relying party is the site's host (PUBLIC_URL), the
 * challenge is stored hashed by a one-time key for five minutes, the signature counter is kept per credential.
 */

/** The WebAuthn library with its certificate parsers (a seventh of a second to load): on the first passkey call. */
const webauthn = () => import('@simplewebauthn/server');

const rp = (ctx: Ctx) => {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin };
};

async function storeChallenge(ctx: Ctx, purpose: 'register' | 'login', challenge: string, userId: number | null) {
  const key = newSecret();
  await q.insertCode(ctx.db, {
    kind: 'passkey',
    tokenHash: sha256(key),
    userId,
    data: { purpose, challenge },
    expiresAt: new Date(ctx.now().getTime() + PASSKEY_CHALLENGE_TTL_MIN * 60_000),
  });
  return key;
}

/** Spends a stored challenge (once): its value, or 400 when it is unknown, spent, expired or someone else's. */
async function takeChallenge(ctx: Ctx, key: string, purpose: 'register' | 'login', userId: number | null) {
  const row = await q.findLiveCode(ctx.db, 'passkey', sha256(key), ctx.now());
  const data = row?.data ?? {};
  if (!row || data.purpose !== purpose || row.userId !== userId || !data.challenge)
    throw badRequest(messages.passkeyChallengeInvalid);
  if (!(await q.useCode(ctx.db, row.id, ctx.now()))) throw badRequest(messages.passkeyChallengeInvalid);
  return data.challenge;
}

/** The credential JSON as the browser library sends it; its inner fields are the server library's to check. */
const CredentialShape = z.looseObject({
  id: z.string().max(1400),
  rawId: z.string().max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(5000) }),
});

function parseCredential<T>(json: string): T {
  try {
    return CredentialShape.parse(JSON.parse(json)) as T;
  } catch {
    throw badRequest(messages.passkeyResponseInvalid);
  }
}

export async function registrationOptions(ctx: Ctx, user: UserRow): Promise<PasskeyOptions> {
  const existing = await q.passkeysOf(ctx.db, user.id);
  if (existing.length >= PASSKEYS_MAX) throw badRequestOf('passkeyTooMany', PASSKEYS_MAX);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: 'Среда',
    rpID: rp(ctx).id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(String(user.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { key: await storeChallenge(ctx, 'register', options.challenge, user.id), options };
}

export async function register(
  ctx: Ctx,
  user: UserRow,
  input: { key: string; credential: string; name?: string },
): Promise<{ id: number }> {
  const response = parseCredential<RegistrationResponseJSON>(input.credential);
  const challenge = await takeChallenge(ctx, input.key, 'register', user.id);
  let result;
  try {
    result = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp(ctx).origin,
      expectedRPID: rp(ctx).id,
      requireUserVerification: false,
    });
  } catch (err) {
    ctx.log.info({ err }, 'passkey registration refused');
    throw badRequest(messages.passkeyFailed);
  }
  if (!result.verified) throw badRequest(messages.passkeyFailed);
  const { credential } = result.registrationInfo;
  if (await q.findPasskey(ctx.db, credential.id)) throw badRequest(messages.passkeyFailed);
  return transaction(ctx, async (ctx) => {
    const count = (await q.passkeysOf(ctx.db, user.id)).length;
    if (count >= PASSKEYS_MAX) throw badRequestOf('passkeyTooMany', PASSKEYS_MAX);
    const name = input.name?.trim() || messages.passkeyDefaultName(count + 1);
    await q.insertPasskey(ctx.db, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    });
    await announceSigninMethod(ctx, user.id, messages.methodPasskey(name));
    return { id: expected(await q.findPasskey(ctx.db, credential.id), 'the passkey just saved').id };
  });
}

/** Options for signing in: no user named, the browser offers the passkeys it holds for this site. */
export async function loginOptions(ctx: Ctx): Promise<PasskeyOptions> {
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({ rpID: rp(ctx).id, userVerification: 'preferred' });
  return { key: await storeChallenge(ctx, 'login', options.challenge, null), options };
}

export async function login(
  ctx: Ctx,
  input: { key: string; credential: string },
  client: ClientInfo,
): Promise<{ userId: number; session: SessionInfo }> {
  const response = parseCredential<AuthenticationResponseJSON>(input.credential);
  const challenge = await takeChallenge(ctx, input.key, 'login', null);
  const key = await q.findPasskey(ctx.db, response.id);
  if (!key) throw new ApiError(400, messages.passkeyUnknown);
  let result;
  try {
    result = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp(ctx).origin,
      expectedRPID: rp(ctx).id,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: false,
    });
  } catch (err) {
    ctx.log.info({ err }, 'passkey sign-in refused');
    throw badRequest(messages.passkeyFailed);
  }
  if (!result.verified) throw badRequest(messages.passkeyFailed);
  const session = await transaction(ctx, async (ctx) => {
    await q.usePasskey(ctx.db, key.id, result.authenticationInfo.newCounter, ctx.now());
    return openSessionFor(ctx, key.userId, client, 'passkey');
  });
  return { userId: key.userId, session };
}
