import type { AuthMode } from './AuthPopup.tsx';

/**
 * Opens the sign-in popup. Its code (the forms, the other ways in, their styles) loads on the first call, so a page
 * carries none of it until a reader asks to sign in.
 */
export function openAuthPopup(mode: AuthMode = 'login', extra: { token?: string; email?: string } = {}) {
  return import('./AuthPopup.tsx').then((m) => m.openAuthPopup(mode, extra));
}
