/** Catalogue section: notifications. `messages` are server `rm` texts, `ui` client texts. */
import { past, type Gender } from '../gender.ts';
import { notificationsBellUi, notificationsMenuUi } from './shown.ts';

const quoted = (title: string) => (title ? ` «${title}»` : '');
/** 'Иван' / 'Иван и ещё 5': the group's latest actor and how many more there are. */
const who = (name: string, more: number) => (more > 0 ? `${name} и ещё ${more}` : name);

export const notificationsMessages = {
  notificationIdInvalid: 'Неверный номер уведомления',
  notificationTypeInvalid: 'Такого вида уведомлений нет',
  notificationChannelInvalid: 'Канал уведомлений бывает только «site» или «email»',
  notificationEnabledInvalid: 'Укажите, включить (1) или выключить (0)',
  notificationTextRequired: 'Напишите текст сообщения',
  notificationTextTooLong: (max: number) => `Слишком длинное сообщение, максимум ${max} символов`,
  notificationUserNotFound: 'Такого пользователя нет',
  notificationSent: 'Сообщение отправлено',
  notificationsRead: 'Уведомления прочитаны',
  notificationSettingsSaved: 'Настройки сохранены',
  genderInvalid: 'Укажите «male», «female» или «auto»',
  // 'Please enter a valid email' (spec/content.md §5)
  digestEmailInvalid: 'Пожалуйста, введите корректный email',
  digestConfirmSent: (email: string) => `Мы отправили письмо на ${email}: подтвердите подписку по ссылке из него`,
  digestConfirmed: 'Подписка подтверждена: рассылка придёт завтра утром',
  digestConfirmInvalid: 'Ссылка для подтверждения недействительна',
  unsubscribeTokenInvalid: 'Ссылка для отписки недействительна',
  unsubscribeDone: 'Вы отписались от писем Среды',
  // Web push (spec/content.md §8)
  pushEndpointInvalid: 'Неверная подписка на push-уведомления',
  pushEndpointRefused: 'Этот адрес push-сервиса не принимается',
  pushSubscribed: 'Push-уведомления включены',
  pushUnsubscribed: 'Push-уведомления выключены',
  // 'Вы не подписаны'
  pushNotSubscribed: 'Вы не подписаны',
  safariPushGone:
    'Push-уведомления Safari по старому протоколу Apple больше не поддерживаются, включите обычные push-уведомления в настройках',

  // What a notification says (rendered when read, so a name change shows everywhere)
  // `g`: the (first) actor's gender for the verb; a group takes the plural.
  notifyReply: (name: string, g: Gender) => `${name} ${past(g, 'ответил', 'ответила')} на ваш комментарий`,
  notifyComment: (name: string, g: Gender, title: string) =>
    `${name} ${past(g, 'прокомментировал', 'прокомментировала')} вашу запись${quoted(title)}`,
  notifyMention: (name: string, g: Gender) => `${name} ${past(g, 'упомянул', 'упомянула')} вас в комментарии`,
  notifyVoteEntry: (name: string, g: Gender, more: number, title: string) =>
    `${who(name, more)} ${more > 0 ? 'оценили' : past(g, 'оценил', 'оценила')} вашу запись${quoted(title)}`,
  notifyVoteComment: (name: string, g: Gender, more: number) =>
    `${who(name, more)} ${more > 0 ? 'оценили' : past(g, 'оценил', 'оценила')} ваш комментарий`,
  notifySubscriber: (name: string, g: Gender, more: number) =>
    `${who(name, more)} ${more > 0 ? 'подписались' : past(g, 'подписался', 'подписалась')} на ваш блог`,
  notifyRepost: (name: string, g: Gender, title: string) =>
    `${name} ${past(g, 'сделал', 'сделала')} репост вашей записи${quoted(title)}`,
  notifyUnpublished: (title: string) => `Ваша запись${quoted(title)} снята с публикации`,
  notifyBan: (until: string) => (until ? `Ваш аккаунт заблокирован до ${until}` : 'Ваш аккаунт заблокирован'),
  notifySystemTitle: 'Сообщение от команды Среды',
  notifySomeone: 'Кто-то',

  // Mail
  mailNotificationSubject: (text: string) => `Среда: ${text}`,
  mailNotificationText: (text: string, quote: string, link: string, settings: string, unsubscribe: string) =>
    `${text}${quote ? `\n\n«${quote}»` : ''}\n\nОткрыть: ${link}\n\n—\nНастроить уведомления: ${settings}\nОтписаться от писем: ${unsubscribe}`,
  mailDigestSubject: (date: string) => `Среда: главное за ${date}`,
  mailDigestIntro: 'Самые обсуждаемые и оценённые записи за день:',
  mailDigestEmpty: 'За день не вышло заметных записей — загляните завтра.',
  mailDigestFooter: (unsubscribe: string) =>
    `—\nВы получаете это письмо, потому что подписались на ежедневную рассылку Среды.\nОтписаться: ${unsubscribe}`,
  mailDigestWelcomeSubject: 'Вы подписались на рассылку Среды',
  mailDigestConfirmSubject: 'Подтвердите подписку на рассылку Среды',
  mailDigestConfirmText: (confirm: string) =>
    `Здравствуйте!\n\nКто-то, возможно вы, попросил присылать на этот адрес главные записи Среды раз в день.\n\nПодтвердить подписку: ${confirm}\n\nЕсли вы не подписывались, просто не отвечайте на это письмо — больше писем не будет.\n\n— Среда`,
  mailDigestWelcomeText: (unsubscribe: string) =>
    `Здравствуйте!\n\nКаждый день мы будем присылать на этот адрес главные записи Среды.\n\nЕсли вы не подписывались, перейдите по ссылке: ${unsubscribe}\n\n— Среда`,
} as const;

export const notificationsUi = {
  ...notificationsBellUi,
  ...notificationsMenuUi,
  unread: ['непрочитанное', 'непрочитанных', 'непрочитанных'] as const,
  emptyHint: 'Здесь появятся ответы на ваши комментарии, оценки и новые подписчики.',
  more: 'Показать ещё',
  settingsLink: 'Настройки',
  genderTitle: 'Обращение',
  genderHint: 'Как о вас пишут в уведомлениях других людей.',
  genderAuto: (g: Gender) => `По имени («${past(g, 'оценил', 'оценила')}»)`,
  genderMale: 'Он («оценил»)',
  genderFemale: 'Она («оценила»)',
  settingsNotifications: 'Уведомления',
  settingsHint: 'Что сообщать на сайте (и в push-уведомлениях) и что присылать на почту.',
  channelSite: 'На сайте',
  channelEmail: 'На почту',
  types: {
    reply: 'Ответы на мои комментарии',
    comment: 'Комментарии к моим записям',
    mention: 'Упоминания',
    vote_entry: 'Оценки моих записей',
    repost: 'Репосты моих записей',
    vote_comment: 'Оценки моих комментариев',
    subscriber: 'Новые подписчики',
    unpublished: 'Снятие записей с публикации',
    ban: 'Блокировки',
    system: 'Сообщения от команды сайта',
  },
  pushTitle: 'Push-уведомления',
  pushHint: 'Браузер покажет уведомление, даже когда сайт закрыт.',
  pushOn: 'Включены',
  pushOff: 'Выключены',
  // 'The browser does not support push notifications' (the spec names the message but not its text)
  pushUnsupported: 'Этот браузер не поддерживает push-уведомления',
  // spec/content.md §8: 'Не удалось подписаться на push-уведомления', 'Не удалось отписаться…'
  pushSubscribeFailed: 'Не удалось подписаться на push-уведомления',
  pushUnsubscribeFailed: 'Не удалось отписаться от push-уведомлений',
  // 'No registration', 'No subscription'
  pushNoRegistration: 'Нет регистрации service worker',
  pushNoSubscription: 'Нет подписки на push-уведомления',
  // 'An error occurred while subscribing/unsubscribing'
  pushError: 'Произошла ошибка при подписке или отписке',
  // 'Wrong server response'
  pushWrongResponse: 'Неверный ответ сервера',
  // 'The browser did not give the permission'
  pushDenied: 'Браузер не дал разрешения на уведомления',
  pushNotSubscribed: 'Вы не подписаны',
  digestTitle: 'Ежедневная рассылка',
  digestHint: 'Главные записи дня одним письмом.',
  digestEmail: 'Email',
  digestSubscribe: 'Подписаться',
  digestSubscribed: 'Вы подписаны на рассылку',
  unsubscribeTitle: 'Отписка от писем',
  unsubscribeConfirm: (email: string) => `Больше не присылать письма Среды на ${email}?`,
  unsubscribeButton: 'Отписаться',
  unsubscribeDone: 'Готово: письма больше не придут.',
  unsubscribeAlready: 'Этот адрес уже отписан.',
  unsubscribeInvalid: 'Ссылка для отписки недействительна или устарела.',
  digestPending: 'Ждём подтверждения: откройте ссылку из письма, которое мы отправили.',
  confirmTitle: 'Подписка на рассылку',
  confirmAsk: (email: string) => `Присылать главные записи Среды раз в день на ${email}?`,
  confirmButton: 'Подтвердить подписку',
  confirmDone: 'Готово: рассылка придёт завтра утром.',
  confirmAlready: 'Подписка уже подтверждена.',
  confirmInvalid: 'Ссылка для подтверждения недействительна или устарела.',
  toMain: 'На главную',
} as const;
