/**
 * Catalogue section: the swap between the main and the mobile version (spec/foundation.md §2), in the mobile footer
 * (web/features/layout/mobile-footer.ts). A file of its own: the footer's code loads on demand, and these go with it.
 */
export const versionSwapUi = {
  fullVersion: 'Полная версия',
  mobileVersion: 'Мобильная версия',
} as const;
