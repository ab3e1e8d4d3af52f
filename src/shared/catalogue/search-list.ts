/**
 * Catalogue section: the popover list with search (spec/foundation.md §2: 'Loading...', 'Nothing found', placeholder
 * 'Search'); its own file, so the shell does not carry it.
 */
export const searchListUi = {
  loading: 'Загрузка…',
  nothing: 'Ничего не найдено',
  placeholder: 'Поиск',
  remove: (label: string) => `Убрать: ${label}`,
} as const;
