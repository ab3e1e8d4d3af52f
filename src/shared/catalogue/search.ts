/** Catalogue section: full-text search (issue 14, parts 1 and 2). */
import { searchFieldUi } from './shown.ts';
export const searchMessages = {
  searchQueryRequired: 'Введите, что искать',
  searchQueryTooLong: (max: number) => `Слишком длинный запрос: не больше ${max} символов`,
  searchEntityInvalid: 'Искать можно записи, комментарии, сообщества, людей, хештеги или вакансии',
  searchOrderInvalid: 'Сортировка поиска: по релевантности, по дате или по популярности',
  searchPageInvalid: (max: number) => `Номер страницы поиска — от 1 до ${max}`,
  searchPeriodInvalid: 'Период поиска: день, неделя, месяц, год или всё время',
  searchSubsiteInvalid: 'Неверный номер подсайта',
} as const;

export const searchUi = {
  ...searchFieldUi,
  loading: 'Загрузка...',
  nothingFound: 'Ничего не найдено',
  submit: 'Найти',
  clear: 'Очистить',
  recent: 'Недавние запросы',
  clearRecent: 'Очистить историю',
  showAll: (query: string) => `Все результаты по запросу «${query}»`,
  sections: { entries: 'Записи', users: 'Люди', subsites: 'Сообщества' },
  title: 'Поиск',
  titleFor: (query: string) => `«${query}» — поиск`,
  empty: 'Введите запрос, чтобы найти записи, комментарии, людей, сообщества, хештеги и вакансии.',
  tabs: {
    entries: 'Записи',
    comments: 'Комментарии',
    users: 'Люди',
    subsites: 'Сообщества',
    hashtags: 'Хештеги',
    vacancies: 'Вакансии',
  },
  orders: { relevant: 'По релевантности', date: 'По дате', popular: 'По популярности' },
  periods: { all: 'За всё время', day: 'За сутки', week: 'За неделю', month: 'За месяц', year: 'За год' },
  sortLabel: 'Сортировка',
  periodLabel: 'Период',
  more: 'Показать ещё',
  end: 'Больше ничего не нашлось',
  failed: 'Не получилось выполнить поиск, попробуйте ещё раз',
  inEntry: 'к записи',
  subscribers: 'подписчиков',
  entriesCount: 'записей',
} as const;
