/**
 * The widths the layout changes at, one list for the stylesheets and the scripts (spec/foundation.md §4, §9).
 *
 * Stylesheets name them as custom media: `@media (--mobile)`, `@media (--below-feed)`, `@media (--from-two-columns)`;
 * the build replaces each name with its query (scripts/custom-media.ts derives them from this list), and an unknown
 * name fails the build. Scripts use `MEDIA` with `matchMedia`, or `viewportClass` with a width.
 */

/** spec/foundation.md §9, plus the project's own right column (1200: the three columns fit side by side). */
export const BREAKPOINTS = {
  smallMobile: 375,
  iphoneLarge: 414,
  feed: 640,
  phone: 720,
  mobile: 860,
  twoColumns: 960,
  twoColumnsAdaptive: 1000,
  fullPagePopup: 1024,
  rightColumn: 1200,
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** spec/foundation.md §4: mobile for width 0 to 859, desktop for 860 to 4096. */
export const VIEWPORT_CLASSES = {
  mobile: [0, BREAKPOINTS.mobile - 1],
  desktop: [BREAKPOINTS.mobile, 4096],
} as const;
export type ViewportClass = keyof typeof VIEWPORT_CLASSES;

/** The class of a window `width` px wide; wider than 4096 still counts as desktop. */
export const viewportClass = (width: number): ViewportClass =>
  width <= VIEWPORT_CLASSES.mobile[1] ? 'mobile' : 'desktop';

/** The viewport classes' queries for `matchMedia` (the stylesheets say `@media (--mobile)`, `(--desktop)`). */
export const MEDIA = {
  mobile: `(max-width: ${BREAKPOINTS.mobile - 1}px)`,
  desktop: `(min-width: ${BREAKPOINTS.mobile}px)`,
  rightColumn: `(min-width: ${BREAKPOINTS.rightColumn}px)`,
} as const;
