import { messages } from '../../../shared/catalogue.ts';
import { MAGIC_TTL_MIN, type ProviderType } from '../../../shared/signin.ts';
import type { Ctx } from '../../context.ts';
import type { LinkRequest } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { announceSigninMethod } from '../auth/service.ts';
import { queueLetter } from '../../jobs/letters.ts';
import * as q from './queries.ts';
import { newSecret, sha256, type Profile } from './secrets.ts';

/** A provider's display name as our name rules take it: letters, digits, spaces, a few marks, 2–40 characters. */
export function cleanName(name: string): string {
  const cleaned = name
    .replace(/[^\p{L}\p{N} .'’-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
  return cleaned.length >= 2 ? cleaned : '';
}

/** Stores the provider account as a way into `userId`; `label` set: the owner is told by a letter (a new way in). */
export async function linkIdentity(
  ctx: Ctx,
  userId: number,
  provider: ProviderType,
  profile: Pick<Profile, 'subject' | 'email' | 'name'>,
  label: string | null,
) {
  await q.insertIdentity(ctx.db, {
    userId,
    provider,
    subject: profile.subject.slice(0, 255),
    email: profile.email.slice(0, 254),
    name: cleanName(profile.name),
    lastUsedAt: ctx.now(),
  });
  if (label) await announceSigninMethod(ctx, userId, label);
}

/**
 * A signed-out visitor came through a provider whose verified address belongs to an account: a provider's word is
 * not the owner's, so nothing is linked. The owner gets a one-time link (the magic link's 15 minutes); opening it
 * signs in and links (`linkFromLetter`). Staff accounts the same: no way around the letter.
 */
export async function mailLinkConfirmation(ctx: Ctx, owner: UserRow, request: LinkRequest) {
  const token = newSecret();
  const link = `${ctx.config.publicUrl}/auth/magic?token=${token}`;
  await q.insertCode(ctx.db, {
    kind: 'magic',
    tokenHash: sha256(token),
    userId: owner.id,
    data: { redirect: '/settings/signin', link: request },
    expiresAt: new Date(ctx.now().getTime() + MAGIC_TTL_MIN * 60_000),
  });
  await queueLetter(ctx, {
    to: owner.email,
    subject: messages.linkMailSubject,
    text: messages.linkMailText(owner.name, request.label, link, MAGIC_TTL_MIN),
    secrets: [link],
  });
}

/** The owner opened the letter's link (inside its sign-in transaction): the provider account joins theirs. */
export async function linkFromLetter(ctx: Ctx, userId: number, request: LinkRequest) {
  const identity = await q.findIdentity(ctx.db, request.provider, request.subject);
  if (identity && identity.userId !== userId) throw badRequest(messages.oauthLinkedElsewhere);
  if (!identity) await linkIdentity(ctx, userId, request.provider, request, request.label);
}
