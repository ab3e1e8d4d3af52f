import crypto from 'node:crypto';
import type { ProviderType } from '../../../shared/signin.ts';
import type { Ctx } from '../../context.ts';
export { sha256 } from '../../lib/hash.ts';

/** Small pieces every way of signing in shares: tokens, their hashes, a provider's profile and callback. */
export const newSecret = () => crypto.randomBytes(32).toString('base64url');

/** What we keep of a provider's account. */
export interface Profile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export const callbackUrl = (ctx: Ctx, type: ProviderType) => `${ctx.config.publicUrl}/auth/${type}/callback`;
