/**
 * The words of every page's frame: the site's name, the header, the sidebar's navigation, the overlays' buttons, the
 * error screens and the transport's own errors. Small on purpose: the web client's shell imports this section (not the
 * whole catalogue), so a reader's first visit does not download every feature's texts.
 */

export const siteName = 'Среда';
export const siteTagline = 'Новости, блоги и сообщества';

/** Transport and input messages the client shows itself (`messages` holds them too). */
export const transportMessages = {
  // Transport (spec/foundation.md §8)
  brokenReply: 'Запрос закончился ошибкой (испорченные данные)',
  offline: 'Что-то не так с интернетом',
  transportStatus: (code: number) => `Запрос закончился ошибкой (код ${code})`,
  // 'An error has occurred' / 'Something went wrong' / 'Wrong server response'
  errorOccurred: 'Произошла ошибка',
  somethingWrong: 'Что-то пошло не так',
  wrongServerResponse: 'Неверный ответ сервера',
} as const;

/** Page navigation (spec/content.md §8): the shell's own notices while it moves between pages. */
export const navigationMessages = {
  offline: 'Что-то не так с интернетом. Повторное подключение',
  failed: (code: number) => `Не удалось перейти на страницу (код ${code})`,
  brokenData: 'Испорченные данные',
} as const;

export const inputMessages = {
  // Limited input (spec/content.md §5)
  textTooLong: 'Слишком длинный текст',
  unsavedInput: 'Вы что-то ввели и решили уйти, это не случайность?',
} as const;

export const overlaysUi = {
  close: 'Закрыть',
  back: 'Назад',
  confirm: 'Подтвердить',
  cancel: 'Отмена',
  reason: 'Причина',
  maximize: 'Развернуть',
  compact: 'Свернуть',
  banDays: 'Срок, дней',
  removeAllData: 'Удалить все данные',
  wholePlatform: 'На всей платформе',
  // spec/foundation.md §5: 'Danger! You are going to completely remove all activity of this user.'
  removeAllDataConfirm: 'Осторожно! Вы полностью удалите всю активность этого пользователя.',
} as const;

export const headerUi = {
  login: 'Войти',
  write: 'Написать',
  search: 'Поиск',
  toggleSidebar: 'Меню',
  account: 'Аккаунт',
  myBlog: 'Мой блог',
  outbox: 'Исходящая почта',
  logout: 'Выйти',
  loggedOut: 'Вы вышли из аккаунта',
} as const;

export const navUi = {
  popular: 'Популярное',
  new: 'Свежее',
  my: 'Моя лента',
  communities: 'Сообщества',
  showAll: 'Показать все',
  /** The sidebar's navigation landmark. */
  label: 'Разделы сайта',
  /** The right column's landmark (features/layout/RightColumn.tsx). */
  column: 'Колонка справа',
} as const;

export const subsiteUi = {
  subscribe: 'Подписаться',
  unsubscribe: 'Отписаться',
  subscribed: 'Вы подписаны',
  // A private community's button (features/subsites/SubscribeButton.tsx), on every page where the button is.
  join: 'Вступить',
  requested: 'Заявка отправлена',
  cancelRequest: 'Отозвать заявку',
  subscribers: ['подписчик', 'подписчика', 'подписчиков'] as const,
} as const;

/** The page the service worker shows offline for a page it has not kept (issue 31, point 4). */
export const offlineUi = {
  title: 'Нет подключения к интернету',
  text: 'Эта страница не сохранена для чтения без сети. Записи, которые вы уже открывали, и последняя лента читаются и без неё.',
  toMain: 'К ленте',
  retry: 'Попробовать снова',
} as const;

export const errorsUi = {
  notFoundTitle: 'Такой страницы нет',
  notFoundText: 'Возможно, её удалили или в ссылке опечатка.',
  errorTitle: 'Что-то сломалось',
  toMain: 'На главную',
  forbiddenTitle: 'Недостаточно прав',
  forbiddenText: 'У вашего аккаунта нет доступа к этой странице.',
  errorText: 'Сервер не смог показать эту страницу. Попробуйте обновить её через минуту.',
  reload: 'Обновить',
  signInDocTitle: 'Нужно войти',
  signInTitle: 'Войдите, чтобы открыть эту страницу',
  signInText: 'Она открывается после входа в аккаунт.',
  signIn: 'Войти',
} as const;
