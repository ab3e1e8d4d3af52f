import { pgTable, integer, text, timestamp, jsonb, index, uniqueIndex, bigint } from 'drizzle-orm/pg-core';
import type { ProviderType } from '../../../shared/signin.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** A provider account waiting for its owner's word, kept in the mailed link's row (`data.link`; signin/link.ts). */
export interface LinkRequest {
  provider: ProviderType;
  label: string;
  subject: string;
  email: string;
  name: string;
}

/** What a sign-in code keeps, by kind (modules/signin writes it). */
export interface SigninCodeData {
  /** qr: the asking browser, shown on the phone before it confirms. */
  ip?: string;
  userAgent?: string;
  /** magic: where the link leads, and a provider account the owner is asked to link (link.ts). */
  redirect?: string;
  link?: LinkRequest;
  /** oauth: the provider, the PKCE verifier and the nonce of the round trip. */
  provider?: ProviderType;
  verifier?: string;
  nonce?: string;
  /** passkey: the WebAuthn challenge and what it is for. */
  purpose?: 'register' | 'login';
  challenge?: string;
}

/**
 * One-time sign-in secrets, stored as SHA-256 of the secret: a QR code (`qr`, two minutes; `browserKeyHash` is the
 * waiting browser's own key, `userId` the phone's user once confirmed), a mailed link (`magic`, 15 minutes), an
 * OAuth state (`oauth`, ten minutes; `data` holds the provider, PKCE verifier, nonce and the linking user) and a
 * WebAuthn challenge (`passkey`, five minutes). `usedAt` makes each work once.
 */
export const signinCodes = pgTable(
  'signin_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['qr', 'magic', 'oauth', 'passkey'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    browserKeyHash: text('browser_key_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<SigninCodeData>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('signin_codes_token').on(t.tokenHash), index('signin_codes_expires').on(t.expiresAt)],
);

/** An account at VK ID, Yandex ID, Google, Apple, X, Facebook, Telegram or the configured OpenID provider, linked to a user. */
export const signinIdentities = pgTable(
  'signin_identities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<ProviderType>().notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('signin_identities_subject').on(t.provider, t.subject),
    index('signin_identities_user').on(t.userId),
  ],
);

/** WebAuthn credentials (passkeys): the public key and the signature counter, by credential id. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('passkeys_credential').on(t.credentialId), index('passkeys_user').on(t.userId)],
);
