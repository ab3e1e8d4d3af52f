/** Catalogue section: the blog widget other sites frame (`/widget/blog/{id}`). Russian texts only. */
export const blogWidgetMessages = {
  blogWidgetIdInvalid: 'Неверный номер блога: нужно целое положительное число',
  blogWidgetCursorInvalid: 'Неверный номер последней записи: нужно целое положительное число',
  blogWidgetNotFound: 'Блог не найден или закрыт',
} as const;

export const blogWidgetUi = {
  /** The page's title: the blog's name with the site's. */
  title: (name: string) => `${name} — блог на Среде`,
  more: 'Показать ещё',
  /** The link to the blog beside its name. */
  open: 'Открыть блог',
  untitled: 'Запись без заголовка',
  loading: 'Загружаем…',
  failed: 'Не удалось загрузить записи, попробуйте ещё раз',
  empty: 'В блоге пока нет записей',
  notFound: 'Блог не найден или закрыт',
  notFoundHint: 'Возможно, блог удалили или сделали закрытым. Код виджета есть в настройках блога.',
  /** The list's landmark. */
  list: 'Записи блога',
  comments: ['комментарий', 'комментария', 'комментариев'] as const,
  rating: 'Рейтинг',
  /** The settings' embed code. */
  embedTitle: 'Виджет блога для вашего сайта',
  embedLead:
    'Вставьте этот код в страницу своего сайта: в рамке появятся свежие записи блога, а кнопка «Показать ещё» подгрузит следующие.',
  embedCode: 'Код для вставки',
  embedFrameTitle: (name: string) => `Записи блога «${name}» на Среде`,
} as const;
