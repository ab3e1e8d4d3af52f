import { ui } from '../../../shared/catalogue.ts';
import type { ContractInput } from '../../../shared/api/contract.ts';
import type { pushConfig, pushDelete, pushPutByPost } from '../../../shared/api/notifications-mail.ts';
import { call, callAtRoot } from '../../api/call.ts';
import { setCookie } from '../../lib/cookies.ts';
import { registerWorker } from '../../lib/service-worker.ts';

/**
 * The browser side of web push: the service worker (/sw.js), the permission, PushManager's subscription and the
 * site's endpoint calls (spec/content.md §7). Every failure answers with the catalogue's message so the settings
 * toggle can show it and flip back.
 */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';
export type PushResult = { ok: true } | { ok: false; message: string };

/** Remembers on this browser that push is on (spec/content.md §9: the push cookie lives 3650 days). */
export const PUSH_COOKIE = 'push-subscribed';
const PUSH_COOKIE_DAYS = 3650;

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

export async function enablePush(): Promise<PushResult> {
  if (!supported()) return { ok: false, message: ui.notifications.pushUnsupported };
  try {
    if ((await Notification.requestPermission()) !== 'granted')
      return { ok: false, message: ui.notifications.pushDenied };
    await registerWorker();
    const registration = await navigator.serviceWorker.ready;
    if (!registration) return { ok: false, message: ui.notifications.pushNoRegistration };
    const config = await call<typeof pushConfig>('GET /push/config', {}, { notify: false });
    if (!config.ok || typeof config.data.public_key !== 'string')
      return { ok: false, message: ui.notifications.pushWrongResponse };
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(config.data.public_key),
    });
    const saved = await callAtRoot<typeof pushPutByPost>(
      'POST /api/endpoint/put/',
      subscription.toJSON() as ContractInput<typeof pushPutByPost>,
      { notify: false },
    );
    if (!saved.ok) {
      await subscription.unsubscribe().catch(() => {});
      return { ok: false, message: saved.rm || ui.notifications.pushSubscribeFailed };
    }
    setCookie(PUSH_COOKIE, '1', PUSH_COOKIE_DAYS);
    return { ok: true };
  } catch {
    return { ok: false, message: ui.notifications.pushError };
  }
}

export async function disablePush(): Promise<PushResult> {
  if (!supported()) return { ok: false, message: ui.notifications.pushUnsupported };
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration) return { ok: false, message: ui.notifications.pushNoRegistration };
    const subscription = await registration.pushManager.getSubscription();
    if (!subscription) return { ok: false, message: ui.notifications.pushNoSubscription };
    const removed = await callAtRoot<typeof pushDelete>(
      'POST /api/endpoint/delete/',
      { endpoint: subscription.endpoint },
      { notify: false },
    );
    // 'Вы не подписаны' from the site still lets the browser drop its subscription.
    if (!removed.ok && removed.rm !== ui.notifications.pushNotSubscribed)
      return { ok: false, message: removed.rm || ui.notifications.pushUnsubscribeFailed };
    await subscription.unsubscribe();
    setCookie(PUSH_COOKIE, '', -1);
    return { ok: true };
  } catch {
    return { ok: false, message: ui.notifications.pushError };
  }
}
