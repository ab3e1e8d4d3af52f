import type { OAuthResult } from '../../../shared/signin.ts';

/**
 * Opens `/auth/{type}` in a popup window (spec/content.md §7) and resolves with its `{success, error}` message;
 * a window closed without one resolves as cancelled.
 */
export function openProviderWindow(url: string): Promise<OAuthResult> {
  return new Promise((resolve) => {
    const w = 520;
    const h = 680;
    const left = Math.max(0, window.screenX + (window.outerWidth - w) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - h) / 2);
    const win = window.open(url, 'sreda-signin', `popup,width=${w},height=${h},left=${left},top=${top}`);
    let done = false;
    const finish = (result: OAuthResult) => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      resolve(result);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin) return;
      const data = e.data as Partial<OAuthResult> | null;
      if (!data || data.source !== 'sreda-signin') return;
      finish({ source: 'sreda-signin', success: Boolean(data.success), error: String(data.error ?? '') });
    };
    window.addEventListener('message', onMessage);
    // A closed window without a message: the visitor gave up. The window posts its message and closes at once, and on
    // a busy machine the message can arrive after the window is seen closed: closing counts at the third look.
    let closedLooks = 0;
    const watch = setInterval(() => {
      if (!win || win.closed) closedLooks += 1;
      if (closedLooks >= 3) finish({ source: 'sreda-signin', success: false, error: '' });
    }, 500);
  });
}
