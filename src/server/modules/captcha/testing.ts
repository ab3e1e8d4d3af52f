import { createHash } from 'node:crypto';
import type { CaptchaChallenge } from '../../../shared/captcha.ts';

/**
 * Solves a 418's challenge (ALTCHA: the number whose hash with the salt is the challenge) and answers the `captcha`
 * value; `tamper` spoils the solution. The browser's worker finds it with altcha-lib's awaited Web Crypto hashes;
 * node:crypto's synchronous ones find the same number in a fraction of the CPU, which a suite on two cores needs.
 */
export async function solve(c: CaptchaChallenge, tamper = false) {
  const algorithm = c.algorithm.toLowerCase().replace('-', '');
  const max = c.maxnumber ?? 1_000_000;
  let found = -1;
  for (let n = 0; n <= max && found < 0; n++) {
    if (
      createHash(algorithm)
        .update(c.salt + n)
        .digest('hex') === c.challenge
    )
      found = n;
  }
  if (found < 0) throw new Error('captcha: no number solves the challenge');
  const number = tamper ? found + 1 : found;
  return Buffer.from(JSON.stringify({ ...c, number, maxnumber: undefined })).toString('base64');
}
