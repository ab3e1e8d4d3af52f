/** What other modules may use of anti-spam: the new-account guards and the captcha check. */
export { assertNotHoneypot, assertSolved, guardComment } from './service.ts';
