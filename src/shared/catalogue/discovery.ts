/** Catalogue section: discovery (hashtags, feed tuning, rating, companies, statistics). Russian texts only. */
import { pluralize } from '../format.ts';
import { discoveryNavUi, tuneUi } from './shown.ts';

export const discoveryMessages = {
  hashtagInvalid: 'Неверный хештег: буквы, цифры и _, начинается с буквы, до 50 символов',
  hashtagsRequired: 'Укажите хештеги',
  hashtagsTooMany: (max: number) => `За один раз можно передать не больше ${max} хештегов`,
  hashtagMutesTooMany: (max: number) =>
    `Не удалось добавить хештег в чёрный список: скрыть можно не больше ${max} хештегов`,
  hashtagMuted: 'Хештег скрыт из ваших лент',
  hashtagUnmuted: 'Хештег снова в ваших лентах',
  // spec/content.md §8: 'Cannot add/remove hashtag to/from blocklist'
  hashtagMuteFailed: 'Не удалось добавить хештег в чёрный список',
  hashtagUnmuteFailed: 'Не удалось убрать хештег из чёрного списка',
  hashtagNotFound: 'Такого хештега нет',
  tuneSettingsInvalid: 'settings — номера подсайтов со значениями 0 или 1',
  tuneSettingsTooMany: (max: number) => `За один раз можно настроить не больше ${max} подсайтов`,
  tuneSubsiteNotFound: 'Такого сообщества нет',
  tuneSaved: 'Лента настроена',
  ratingPeriodInvalid: 'Период рейтинга: week, month или all',
  ratingKindInvalid: 'Рейтинг бывает людей (users) или сообществ (subsites)',
  statsDaysInvalid: (max: number) => `Статистика строится за 7–${max} дней`,
  initialDataUrlInvalid: 'Неверный адрес страницы',
  // initialData's `action` for a page opened with `?notify=` (a sign-in window that had no page to report to)
  actionSignedIn: 'Вы вошли в аккаунт',
} as const;

export const discoveryUi = {
  hashtags: {
    title: (name: string) => `#${name}`,
    entries: (n: number) => pluralize(n, ['запись', 'записи', 'записей']),
    mute: 'Скрыть из лент',
    unmute: 'Показывать в лентах',
    mutedNotice: 'Записи с этим хештегом скрыты из ваших лент. Здесь они видны.',
    empty: 'С этим хештегом пока нет записей',
    subsiteTitle: 'Хештеги',
    suggestTitle: 'Хештеги',
    rss: 'RSS хештега',
  },
  tune: tuneUi,
  rating: {
    ...discoveryNavUi.rating,
    users: 'Люди',
    subsites: 'Сообщества',
    periods: { week: 'За неделю', month: 'За месяц', all: 'За всё время' },
    kindsLabel: 'Чей рейтинг',
    periodsLabel: 'Период рейтинга',
    place: 'Место',
    name: 'Название',
    rating: 'Рейтинг',
    empty: 'За этот период оценок не было',
  },
  companies: {
    ...discoveryNavUi.companies,
    lead: 'Блоги компаний: новости, вакансии и рассказы о работе изнутри',
    employees: (n: number) => pluralize(n, ['сотрудник', 'сотрудника', 'сотрудников']),
    founded: (y: number) => `с ${y} года`,
    subscribers: (n: number) => pluralize(n, ['подписчик', 'подписчика', 'подписчиков']),
    empty: 'Компаний пока нет',
    site: 'Сайт',
  },
  stats: {
    ...discoveryNavUi.stats,
    lead: 'Что происходит на сайте: по дням (UTC)',
    entries: 'Записи',
    comments: 'Комментарии',
    readers: 'Читатели',
    accounts: 'Новые аккаунты',
    total: 'Всего',
    perDay: 'По дням',
    day: 'День',
    days: (n: number) => pluralize(n, ['день', 'дня', 'дней']),
    chartEmpty: 'Нет данных',
    views: 'Просмотры',
    likes: 'Оценки',
    entryStats: 'Статистика записи',
  },
} as const;
