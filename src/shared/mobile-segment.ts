/**
 * A main path under a segment: `('/new', '/m')` → `/m/new`, `('/', '/m')` → `/m`; no segment (or the router's `/`)
 * leaves it. Part of the mobile path helper (mobile-path.ts, which re-exports it); a file of its own because the pages'
 * links in the mobile version use it (web/ui/PageLink.tsx) on every page, and the rest of the helper is not needed
 * there.
 */
export const withMobileSegment = (path: string, segment?: string): string =>
  !segment || segment === '/' ? path : path === '/' ? segment : segment + path;
