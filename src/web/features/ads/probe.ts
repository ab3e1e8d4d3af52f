import { ADBLOCK_COOKIE, ADBLOCK_DAYS, PIXEL_TIMEOUT_MS } from '../../../shared/ads.ts';
import { setCookie } from '../../lib/cookies.ts';

/** What the probe found: a blocker enabled, and whether it lets acceptable ads through. */
export interface AdblockState {
  enabled: boolean;
  acceptable: boolean;
}

/** One picture of ours: true once it loads; a refusal is false, and so is silence past the timeout (logged). */
function pixel(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => {
      console.warn('Pixel timed out', src);
      img.onload = img.onerror = null;
      resolve(false);
    }, PIXEL_TIMEOUT_MS);
    img.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    img.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    img.src = src;
  });
}

/** `enabled:1|acceptable:0`: the cookie's value (spec/content.md §9, 365 days). */
export const adblockCookieValue = (s: AdblockState) =>
  `enabled:${s.enabled ? 1 : 0}|acceptable:${s.acceptable ? 1 : 0}`;

/**
 * The ad-block probe (spec/content.md §7, §8): a blocker refuses `/advert.gif`; the two pixels `/px.gif?ch=1|2`
 * pass only where acceptable ads are allowed. The result goes to the `adblock-state` cookie; it never throws.
 */
export async function probeAdblock(): Promise<AdblockState> {
  const rn = Math.random().toString(36).slice(2, 12) || 'x';
  const [advert, ...pixels] = await Promise.all([
    pixel(`/advert.gif?rn=${rn}`),
    pixel(`/px.gif?ch=1&rn=${rn}`),
    pixel(`/px.gif?ch=2&rn=${rn}`),
  ]);
  const state = { enabled: !advert, acceptable: pixels.every(Boolean) };
  setCookie(ADBLOCK_COOKIE, adblockCookieValue(state), ADBLOCK_DAYS);
  return state;
}
