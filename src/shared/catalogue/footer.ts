/**
 * Catalogue section: the footer's links to the site's pages. A file of its own: every page's shell carries it, and
 * not the rest of the pages' texts (catalogue/pages.ts).
 */
export const footerUi = {
  label: 'О сайте',
  about: 'О проекте',
  contacts: 'Контакты',
  terms: 'Правила',
  agreement: 'Соглашение',
} as const;
