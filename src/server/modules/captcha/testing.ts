import { solveChallenge } from 'altcha-lib/v1';
import type { CaptchaChallenge } from '../../../shared/captcha.ts';

/** Solves a 418's challenge as the browser does and answers the `captcha` value; `tamper` spoils the solution. */
export async function solve(c: CaptchaChallenge, tamper = false) {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const number = tamper ? solution!.number + 1 : solution!.number;
  return Buffer.from(JSON.stringify({ ...c, number, maxnumber: undefined })).toString('base64');
}
