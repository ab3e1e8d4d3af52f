/**
 * The mobile version's path segment (spec/foundation.md §2): `/m` or `/m-{suffix}` in front of any page's path serves
 * the same page in the mobile layout; `swapMobileUrl` moves an address between the two versions.
 */
import { withMobileSegment } from './mobile-segment.ts';

export { withMobileSegment };

const MOBILE_PREFIX = /^\/m(?:-[a-z0-9]{1,32})?(?=[/?#]|$)/;

/** The mobile version's usual segment, where the main version's swap control leads. */
export const MOBILE_SEGMENT = '/m';

/** The mobile segment a path starts with (`/m`, `/m-app`), or '' for a main address. */
export const mobilePrefix = (path: string): string => MOBILE_PREFIX.exec(path)?.[0] ?? '';

/** Swaps the path's mobile segment for another ('' gives the main address): `/m/new` → `/new`, `/new` → `/m/new`. */
export function swapMobileSegment(path: string, segment: string): string {
  const rest = path.slice(mobilePrefix(path).length);
  return withMobileSegment(rest.startsWith('/') ? rest : `/${rest}`, segment);
}

/**
 * The same address in the other version (spec/foundation.md §2, "a helper can swap that segment"): a mobile one gives
 * its main address (`/m/new?page=2#c5` → `/new?page=2#c5`, `/m-app` → `/`), a main one the mobile address under
 * `segment` (`/new` → `/m/new`). The query, the fragment and an absolute address's origin stay as they are.
 */
export function swapMobileUrl(url: string, segment: string = MOBILE_SEGMENT): string {
  const [, origin = '', path = '', tail = ''] = /^((?:[a-z]+:)?\/\/[^/?#]*)?([^?#]*)(.*)$/i.exec(url) ?? [];
  const mobile = !!mobilePrefix(path || '/');
  return origin + swapMobileSegment(path || '/', mobile ? '' : segment) + tail;
}
