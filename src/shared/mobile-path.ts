/**
 * The mobile version's path segment (spec/foundation.md §2): `/m` or `/m-{suffix}` in front of any page's path serves
 * the same page in the mobile layout.
 */
const MOBILE_PREFIX = /^\/m(?:-[a-z0-9]{1,32})?(?=[/?#]|$)/;

/** The mobile segment a path starts with (`/m`, `/m-app`), or '' for a main address. */
export const mobilePrefix = (path: string): string => MOBILE_PREFIX.exec(path)?.[0] ?? '';

/** Swaps the path's mobile segment for another ('' gives the main address): `/m/new` → `/new`, `/new` → `/m/new`. */
export function swapMobileSegment(path: string, segment: string): string {
  const rest = path.slice(mobilePrefix(path).length);
  const main = rest.startsWith('/') ? rest : `/${rest}`;
  if (!segment) return main;
  return main === '/' ? segment : segment + main;
}
