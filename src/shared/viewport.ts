/**
 * The widths the layout changes at, one list for the stylesheets and the scripts (spec/foundation.md §4, §9).
 *
 * Stylesheets name them as custom media: `@media (--mobile)`, `@media (--below-feed)`, `@media (--from-two-columns)`;
 * the build replaces each name with its query (scripts/custom-media.ts derives them from `BREAKPOINTS`), and an
 * unknown name fails the build. Scripts read the widths as plain constants (`MOBILE_WIDTH`:
 * `matchMedia(`(max-width: ${MOBILE_WIDTH - 1}px)`)`), which the build writes in place, or `viewportClass`.
 */

/** Mobile below it, desktop from it (spec/foundation.md §9 "Mobile 860"). */
export const MOBILE_WIDTH = 860;
/** The project's own: where the right column fits beside the sidebar and the content (columns.css). */
export const RIGHT_COLUMN_WIDTH = 1200;

/** spec/foundation.md §9, plus the project's right column. */
export const BREAKPOINTS = {
  smallMobile: 375,
  iphoneLarge: 414,
  feed: 640,
  phone: 720,
  mobile: MOBILE_WIDTH,
  twoColumns: 960,
  twoColumnsAdaptive: 1000,
  fullPagePopup: 1024,
  rightColumn: RIGHT_COLUMN_WIDTH,
} as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** spec/foundation.md §4: mobile for width 0 to 859, desktop for 860 to 4096. */
export const VIEWPORT_CLASSES = {
  mobile: [0, MOBILE_WIDTH - 1],
  desktop: [MOBILE_WIDTH, 4096],
} as const;
export type ViewportClass = keyof typeof VIEWPORT_CLASSES;

/** The class of a window `width` px wide; wider than 4096 still counts as desktop. */
export const viewportClass = (width: number): ViewportClass => (width < MOBILE_WIDTH ? 'mobile' : 'desktop');
