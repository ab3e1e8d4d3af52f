import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/catalogue.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { solve } from '../captcha/testing.ts';
import { ADDRESS_FREE_FAILURES, addressDelayMs, SIGN_IN_FREE_FAILURES } from './service.ts';

/**
 * Password guessing is slowed by a captcha per account and a delay per address, never by a lockout: whoever knows
 * the password gets in, however many wrong tries others made (auth/service.ts, login).
 */
const { t } = useTestApp();
const LOGIN = '/v3.0/auth/simple/login';

/** Every try from its own address and with its own forged X-Forwarded-For: only the account's count applies. */
const tryFrom = (i: number, email: string, password: string, captcha?: string) =>
  new Visitor(t.app, `10.77.${Math.floor(i / 200)}.${i % 200}`).post(
    LOGIN,
    { values: { email, password }, ...(captcha === undefined ? {} : { captcha }) },
    { headers: { 'x-forwarded-for': `198.51.100.${i % 250}` } },
  );

/** Counting windows are fixed (15 min on the app's clock): start at the beginning of one, so all tries share it. */
function atWindowStart() {
  const window = 15 * 60_000;
  t.clock.now = new Date(Math.ceil(Date.now() / window) * window + 1000);
}

describe('sign-in throttling', () => {
  it('after wrong passwords an account asks for a captcha; the owner with the password and a solved captcha gets in', async () => {
    atWindowStart();
    const { email, password } = await new Visitor(t.app).register();
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++)
      expect(isRussianError(await tryFrom(i, email, 'wrong password'), 400)).toBe(true);

    // Far more than the old lockout's ten: each further try needs a fresh solution, and still counts.
    let res = await tryFrom(50, email.toUpperCase(), password);
    expect(isRussianError(res, 418)).toBe(true);
    expect(res.json().rm).toBe(messages.signInCaptcha);
    expect(res.cookies.find((c) => c.name === 'sreda_session')).toBeUndefined();
    const challenge = async (i: number) => (await tryFrom(i, email, password)).json().data.challenge;
    for (let i = 0; i < 3; i++) {
      const wrong = await tryFrom(60 + i, email, 'wrong password', await solve(await challenge(80 + i)));
      expect(wrong.json().rm).toBe(messages.wrongCredentials);
    }
    // A solution works once: reused it is refused with a new challenge; a fresh one and the password sign in.
    const solved = await solve(await challenge(90));
    expect((await tryFrom(91, email, 'wrong password', solved)).json().rm).toBe(messages.wrongCredentials);
    res = await tryFrom(92, email, password, solved);
    expect(isRussianError(res, 418)).toBe(true);
    expect(res.json().rm).toBe(messages.captchaInvalid);
    expect((await tryFrom(93, email, password, await solve(res.json().data.challenge))).statusCode).toBe(200);

    // The same for an email nobody has: the answer tells nothing of the account.
    const nobody = 'nobody-here@example.ru';
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) await tryFrom(100 + i, nobody, 'wrong password');
    expect((await tryFrom(110, nobody, 'wrong password')).json().rm).toBe(messages.signInCaptcha);
    t.clock.now = new Date();
  }, 90_000);

  it('one address trying many accounts is slowed down more with every failure', async () => {
    atWindowStart();
    const { email, password } = await new Visitor(t.app).register();
    const attacker = new Visitor(t.app, '10.99.0.1');
    // Different accounts each time: no captcha, only the address's count grows.
    for (let i = 0; i < ADDRESS_FREE_FAILURES; i++)
      await attacker.post(LOGIN, { values: { email: `target-${i}@example.ru`, password: 'wrong password' } });
    const timed = async (body: unknown) => {
      const started = performance.now();
      const res = await attacker.post(LOGIN, body);
      return { res, ms: performance.now() - started };
    };
    const first = await timed({ values: { email: 'target-a@example.ru', password: 'wrong password' } });
    expect(first.ms).toBeGreaterThanOrEqual(addressDelayMs(ADDRESS_FREE_FAILURES) - 5);
    const second = await timed({ values: { email: 'target-b@example.ru', password: 'wrong password' } });
    expect(second.ms).toBeGreaterThanOrEqual(addressDelayMs(ADDRESS_FREE_FAILURES + 1) - 5);
    expect(addressDelayMs(ADDRESS_FREE_FAILURES + 1)).toBe(2 * addressDelayMs(ADDRESS_FREE_FAILURES));
    // Another address is not slowed; the owner's right password still works from the slowed one.
    const owner = await timed({ values: { email, password } });
    expect(owner.res.statusCode).toBe(200);
    const elsewhere = performance.now();
    expect((await new Visitor(t.app, '10.98.0.1').post(LOGIN, { values: { email, password } })).statusCode).toBe(200);
    expect(performance.now() - elsewhere).toBeLessThan(addressDelayMs(ADDRESS_FREE_FAILURES));
    t.clock.now = new Date();
  });
});
