import { messages } from '../../../shared/catalogue.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';

/** Who may do what with sign-in methods; every such permission is decided here. */

/** A way in may go only while another remains (a password, another provider, a passkey). */
export function requireAnotherWayIn(waysIn: number) {
  if (waysIn <= 1) throw new ApiError(409, messages.unlinkLast);
}

/**
 * A provider account found by a signed-out visitor: it signs in to its linked user; or, when its email is verified
 * by the provider and belongs to a user, that user's owner is asked by a letter to confirm the link (`confirm`: a
 * provider's word is not the owner's, and staff are no exception); an unverified email of an existing user is
 * refused (whoever set that email at the provider proves nothing); otherwise it signs up.
 */
export type OAuthOutcome =
  | { kind: 'signin'; userId: number; identityId: number }
  | { kind: 'link'; userId: number }
  | { kind: 'confirm'; userId: number }
  | { kind: 'signup' };

export function decideOAuth(input: {
  linkedUserId: number | null;
  identityId: number | null;
  signedInUserId: number | null;
  emailOwnerId: number | null;
  emailVerified: boolean;
}): OAuthOutcome {
  const { linkedUserId, identityId, signedInUserId, emailOwnerId, emailVerified } = input;
  /** A linked provider account comes with its identity row: the two are read together. */
  const signin = (userId: number): OAuthOutcome => {
    if (identityId === null) throw new Error('a linked provider account without its identity id');
    return { kind: 'signin', userId, identityId };
  };
  if (signedInUserId !== null) {
    // Linking while signed in: the provider account must be free or already this user's.
    if (linkedUserId !== null && linkedUserId !== signedInUserId) throw badRequest(messages.oauthLinkedElsewhere);
    if (linkedUserId === signedInUserId) return signin(signedInUserId);
    return { kind: 'link', userId: signedInUserId };
  }
  if (linkedUserId !== null) return signin(linkedUserId);
  if (emailOwnerId !== null) {
    if (!emailVerified) throw badRequest(messages.oauthEmailTaken);
    return { kind: 'confirm', userId: emailOwnerId };
  }
  return { kind: 'signup' };
}

/** The QR code's phone confirmer must be signed in and not banned (the route's `active` access checks it). */
export function requireQrConfirmable(confirmedAt: Date | null) {
  if (confirmedAt) throw badRequest(messages.qrInvalid);
}
