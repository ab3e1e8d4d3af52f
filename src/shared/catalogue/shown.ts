/**
 * Labels of the widgets every page shows at first paint (the header's icons, the Plus mark, the banned banner, the 18+
 * cover, an entry card's and a comment's marks, the donation block, the feed's ad and tune offer). Their sections spread
 * them in, so `ui.<section>.<key>` is unchanged; the widgets import these small objects instead of the whole
 * catalogue, which keeps a reader's first download free of every other feature's texts.
 */
import { formatNumber, formatRoubles, pluralize } from '../format.ts';
import { DONATION_MAX, DONATION_MIN } from '../billing.ts';

const rub = (n: number) => `${formatNumber(n)}\u00A0₽`;

/** `ui.complaints`: the marks and menu items of entries and comments. */
export const complaintsShownUi = {
  complain: 'Пожаловаться',
  stubComplain: 'Пожаловаться на запись',
  stubComplained: 'Жалоба отправлена',
  awaiting: { approval: 'Ждёт одобрения сообщества', spam: 'На проверке у модераторов' },
  rejectedBadge: 'Отклонена сообществом',
  rejectedNote: (community: string, reason: string) =>
    `Сообщество «${community}» не приняло запись: ${reason}. Исправьте её и отправьте на публикацию снова.`,
  stats: 'Статистика',
  pinnedInFeed: 'Закреплено',
  editingClosedMark: 'Редактирование закрыто вами',
  blockPerson: 'В чёрный список',
  unblockPerson: 'Убрать из чёрного списка',
  blockedComment: 'Комментарий пользователя из чёрного списка',
  showComment: 'Показать',
} as const;

/** `ui.moderation`: the 18+ cover, the banned banner, a comment's pin and the ban items of menus. */
export const moderationShownUi = {
  ban: 'Заблокировать',
  banAuthor: 'Заблокировать автора',
  nsfwLabel: '18+',
  nsfwShow: 'Показать',
  nsfwHidden: 'Запись для взрослых',
  adultTitle: 'Вам уже есть 18 лет?',
  adultText: 'Запись содержит материалы для взрослых. Подтвердите возраст, чтобы их видеть.',
  adultConfirm: 'Да, мне есть 18',
  // spec/content.md §8
  adultFailed: 'Не удалось подтвердить ваш возраст',
  bannedUntilTitle: (until: string) => `Ваш аккаунт заблокирован до ${until}.`,
  bannedForeverTitle: 'Ваш аккаунт заблокирован навсегда.',
  bannedReason: (reason: string) => `Причина: ${reason}`,
  bannedBanner: 'Вы можете читать сайт, но не можете писать, оценивать, отправлять сообщения и подписываться.',
  pinComment: 'Закрепить',
  unpinComment: 'Открепить',
  pinnedMark: 'Закреплён',
} as const;

/** `ui.payments`: the Plus mark by a name. */
export const plusMarkUi = {
  plus: 'Плюс',
} as const;

/** `ui.notifications`: the header's bell and its dropdown. */
export const notificationsBellUi = {
  title: 'Уведомления',
  bell: 'Уведомления',
  empty: 'Уведомлений пока нет',
  markAllRead: 'Прочитать все',
  showAll: 'Все уведомления',
} as const;

/** `ui.messenger`: the header's messenger icon. */
export const messengerButtonUi = {
  open: 'Сообщения',
} as const;

/** `ui.discovery`: the sidebar's links. */
export const discoveryNavUi = {
  rating: { title: 'Рейтинг' },
  companies: { title: 'Компании' },
  stats: { title: 'Статистика' },
} as const;

/** `ui.discovery.tune`: the feed's offer and the tune popup. */
export const tuneUi = {
  title: 'Настройте ленту',
  lead: 'Выберите сообщества, которые интересны: их записи появятся в вашей ленте. Это можно поменять в любой момент.',
  save: 'Готово',
  skip: 'Пропустить',
  selectAll: 'Выбрать все',
  picked: (n: number) => `Выбрано: ${formatNumber(n)}`,
  subscribers: (n: number) => pluralize(n, ['подписчик', 'подписчика', 'подписчиков']),
  loading: 'Загрузка...',
  offer: 'Настроить ленту',
} as const;

/** `ui.billing.donation`: the donation block of entries and the site. */
export const donationUi = {
  attach: 'Донаты',
  attachPlaceholder: 'Призыв к читателям, например «Поддержите, если помогло»',
  title: 'Поддержать автора',
  lead: 'Донат уйдёт автору записи целиком.',
  amount: 'Сумма, ₽',
  amountHint: `от ${formatNumber(DONATION_MIN)} до ${formatNumber(DONATION_MAX)} ₽`,
  message: 'Сообщение автору (необязательно)',
  submit: 'Отправить донат',
  byCard: 'Оплатить картой',
  fromBalance: 'С баланса',
  cardLead: (kopecks: number) => `Сумма доната: ${formatRoubles(kopecks)}`,
  sent: 'Спасибо! Автор получит ваш донат',
  siteTitle: 'Поддержать редакцию',
  siteMessage: 'Сообщение редакции (необязательно)',
  siteLead: 'Донат редакции Среды: на серверы, модерацию и новые возможности. Любая сумма в пределах лимита.',
  own: 'Читатели смогут поддержать вас здесь',
};

/** `ui.billing.cabinet`: the author's link to the donations cabinet. */
export const donationsCabinetUi = {
  title: 'Донаты',
};

/** `ui.distributions.boosterLink`: the author's link under their entry to the booster constructor (in the shell). */
export const boosterLinkUi = {
  open: 'Продвинуть',
};

/** `ui.billing.ads`: the feed's ad. */
export const adsUi = {
  label: 'Реклама',
  banner: 'Реклама',
  hide: 'Отключить рекламу',
  plusOnly: 'Доступно с Плюсом',
};

/** `messages`: the donation block's own messages. */
export const donationMessages = {
  donationAmountInvalid: `Сумма доната — от ${rub(DONATION_MIN)} до ${rub(DONATION_MAX)}`,
  siteDonationDone: 'Спасибо! Донат отправлен редакции',
} as const;

/** The header's account menu: the titles of the pages it opens, each spread into its section. */
export const draftsTitleUi = {
  title: 'Черновики',
};

/** `ui.billing.plus`, `ui.billing.staff` */
export const plusPageTitleUi = {
  title: 'Плюс',
};

export const billingStaffTitleUi = {
  title: 'Счета, выплаты и промокоды',
};

export const notificationsMenuUi = {
  settingsTitle: 'Настройки',
} as const;

export const moderationMenuUi = {
  panelTitle: 'Модерация',
} as const;

export const paymentsMenuUi = {
  staffTitle: 'Платежи',
} as const;

/** `ui.feedSection`: the sidebar's bookmarks link and new entries badge. */
export const feedNavUi = {
  bookmarks: 'Закладки',
  newBadge: (n: number) => `Новых записей: ${n}`,
} as const;

/** `ui.search`: the header's search box before its suggestions' code loads. */
export const searchFieldUi = {
  // spec/foundation.md §2, popover list with search: 'Loading...', 'Nothing found', placeholder 'Search'
  placeholder: 'Поиск',
  label: 'Поиск по сайту',
} as const;

/** `ui.history`: the entry's action menu and its removal. */
export const historyShownUi = {
  menu: 'Действия с записью',
  edit: 'Редактировать',
  history: 'История изменений',
  remove: 'Удалить',
  restore: 'Восстановить',
  removeTitle: 'Удалить запись?',
  removeText: 'Запись пропадёт из лент и со своей страницы. Восстановить её можно на странице истории изменений.',
  removed: 'Запись удалена',
} as const;

/** `ui.history.viewer`: a gallery's dots. */
export const galleryDotsUi = {
  goTo: (n: number) => `Картинка ${n}`,
} as const;

/** `ui.entries`: an entry's marks, its edit link and the blocks' own words. */
export const entriesShownUi = {
  edit: 'Редактировать',
  draft: 'Черновик',
  showSpoiler: 'Показать спойлер',
  /** A video block that starts past the beginning. */
  videoFrom: (time: string) => `с\u00a0${time}`,
  nsfw: '18+',
  /** The entry model's marks (spec/content.md §3) on cards and pages. */
  advertisement: 'Реклама',
  stillUpdating: 'обновляется',
  editorial: 'Редакция',
  special: 'Спецпроект',
  filledByEditors: 'Дополнено редакцией',
  heldOnMain: 'Наверху главной',
  /** `withheld`: what a reader in a region where it is withheld sees instead of the text. */
  withheldTitle: 'Запись недоступна в вашем регионе',
  withheldText:
    'Доступ к материалу ограничен в вашем регионе по требованию уполномоченного органа в соответствии с законодательством.',
} as const;

/** `ui.subsites`: a private community's mark on its entries' pages and the title of its stub. */
export const subsitesShownUi = {
  privateTitle: 'Закрытое сообщество',
  privateVoteNote: 'Голосовать здесь могут только подписчики Плюса',
} as const;

/** The sidebar's links to the job board and the events (`ui.vacancies.title`, `ui.events.title`). */
export const boardNavUi = {
  job: 'Вакансии',
  events: 'Мероприятия',
} as const;

/** `ui.reposts`: the repost button of every entry's footer. */
export const repostsShownUi = {
  button: 'Репост',
  count: (n: number) => pluralize(n, ['репост', 'репоста', 'репостов']),
};
