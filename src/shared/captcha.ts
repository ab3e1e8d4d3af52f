import { z } from 'zod';
import { messages } from './catalogue.ts';

/** Anti-spam limits for accounts younger than NEW_ACCOUNT_HOURS (docs/modules/captcha.md). */
export const NEW_ACCOUNT_HOURS = 24;
export const NEW_ACCOUNT_COMMENTS_PER_HOUR = 3;

/** The ALTCHA challenge a 418 answer carries in `data.challenge`; the client solves it and repeats with `captcha`. */
export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}
export interface CaptchaRequired {
  challenge: CaptchaChallenge;
}

/** The solved payload (base64 JSON of altcha-lib) sent back as `captcha`; optional on guarded calls. */
export const captchaField = z.string({ error: messages.captchaInvalid }).max(2000, messages.captchaInvalid).optional();
