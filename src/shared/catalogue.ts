/**
 * Every Russian message the site shows: server `rm` texts and client notices.
 * The English wording of the spec's catalogue is kept beside each Russian text where it names one.
 */
import { entriesMessages, entriesUi } from './catalogue/entries.ts';
import { feedMessages, feedUi } from './catalogue/feed.ts';
import { commentsMessages, commentsUi } from './catalogue/comments.ts';
import { reactionsMessages, reactionsUi } from './catalogue/reactions.ts';
import { mediaMessages, mediaUi } from './catalogue/media.ts';
import { writingMessages, writingUi } from './catalogue/writing.ts';
import { realtimeMessages, realtimeUi } from './catalogue/realtime.ts';
import { notificationsMessages, notificationsUi } from './catalogue/notifications.ts';
import { extractMessages, extractUi } from './catalogue/extract.ts';
import { historyMessages, historyUi } from './catalogue/history.ts';
import { messengerMessages, messengerUi } from './catalogue/messenger.ts';
import { accountsMessages, accountsUi } from './catalogue/accounts.ts';
import { signinMessages, signinUi } from './catalogue/signin.ts';
import { moderationMessages, moderationUi } from './catalogue/moderation.ts';
import { discoveryMessages, discoveryUi } from './catalogue/discovery.ts';
import { searchMessages, searchUi } from './catalogue/search.ts';
import { captchaMessages, captchaUi } from './catalogue/captcha.ts';
import { billingMessages, billingUi } from './catalogue/billing.ts';
import { paymentsMessages, paymentsUi } from './catalogue/payments.ts';
import { complaintsMessages, complaintsUi } from './catalogue/complaints.ts';
import { vacanciesMessages, vacanciesUi } from './catalogue/vacancies.ts';
import { eventsMessages, eventsUi } from './catalogue/events.ts';
import { repostsMessages, repostsUi } from './catalogue/reposts.ts';
import { quizMessages, quizUi } from './catalogue/quiz.ts';
import { distributionsMessages, distributionsUi } from './catalogue/distributions.ts';
import { pagesMessages } from './catalogue/pages.ts';
import { livestreamsMessages, livestreamsUi } from './catalogue/livestreams.ts';
import { subsitesMessages, subsitesUi } from './catalogue/subsites.ts';
import { blogWidgetMessages, blogWidgetUi } from './catalogue/blog-widget.ts';
import { columnUi } from './catalogue/column.ts';
import { inputUi } from './catalogue/input.ts';
import {
  errorsUi,
  headerUi,
  inputMessages,
  navUi,
  navigationMessages,
  offlineUi,
  overlaysUi,
  siteName,
  siteTagline,
  subsiteUi,
  transportMessages,
} from './catalogue/site.ts';

export const messages = {
  ...entriesMessages,
  ...feedMessages,
  ...commentsMessages,
  ...reactionsMessages,
  ...mediaMessages,
  ...writingMessages,
  ...realtimeMessages,
  ...notificationsMessages,
  ...extractMessages,
  ...historyMessages,
  ...messengerMessages,
  ...accountsMessages,
  ...signinMessages,
  ...moderationMessages,
  ...discoveryMessages,
  ...searchMessages,
  ...captchaMessages,
  ...billingMessages,
  ...paymentsMessages,
  ...complaintsMessages,
  ...vacanciesMessages,
  ...repostsMessages,
  ...quizMessages,
  ...eventsMessages,
  ...distributionsMessages,
  ...pagesMessages,
  ...livestreamsMessages,
  ...subsitesMessages,
  ...blogWidgetMessages,
  ...transportMessages,
  // 'Too many actions in a short amount of time, are you a robot?'
  tooManyActions: 'Слишком много действий за короткое время, вы не робот?',
  csrf: 'Запрос отклонён: нет отметки защиты от подделки (X-This-Is-CSRF: 1)',
  crossSite: 'Запрос отклонён: он отправлен с другого сайта',
  notFound: 'Страница не найдена',
  methodNotFound: 'Такого метода API нет',
  methodNotAllowed: 'Этот метод API не принимает такой запрос',
  badJson: 'Тело запроса не разобрать: испорченный JSON',
  badBody: 'Тело запроса не разобрать',
  bodyTooLarge: 'Слишком большой запрос',
  unsupportedMediaType: 'Такой формат тела запроса не поддерживается',
  badRequest: 'Неверный запрос',
  unknownField: (name: string) => `Неизвестное поле: ${name}`,
  fieldRequired: 'Поле обязательно для заполнения',
  wrongType: 'Неверный тип значения',
  malformedText: 'В тексте есть испорченные символы: проверьте его и отправьте снова',
  controlCharacters: 'В значении есть управляющие символы: проверьте его и отправьте снова',
  tooLong: (max: number) => `Слишком длинное значение, максимум ${max}`,
  internal: 'Внутренняя ошибка сервера, мы уже разбираемся',
  databaseUnavailable: 'База данных недоступна, попробуйте чуть позже',
  metricsToken: 'Нужен верный токен метрик',
  serverBusy: 'Сервер сейчас перегружен, обновите страницу через несколько секунд',
  authRequired: 'Войдите, чтобы продолжить',
  forbidden: 'Недостаточно прав',
  plusRequired: 'Для этого нужен Плюс',
  banned: 'Ваш аккаунт заблокирован',

  // Accounts (spec/foundation.md §5, §8)
  emailInvalid: 'Неверный формат email',
  emailRequired: 'Введите email',
  // 'Email already registered'
  emailTaken: 'Этот email уже зарегистрирован',
  nameRequired: 'Введите имя',
  nameInvalid: 'Имя может содержать только буквы, цифры, пробелы и знаки препинания',
  nameTooShort: 'Имя слишком короткое, минимум 2 символа',
  nameTooLong: 'Имя слишком длинное, максимум 50 символов',
  passwordRequired: 'Введите пароль',
  passwordTooShort: 'Пароль слишком короткий, минимум 8 символов',
  passwordTooLong: 'Пароль слишком длинный, максимум 200 символов',
  wrongCredentials: 'Неверный email или пароль',
  signInCaptcha: 'Было много неудачных попыток войти в этот аккаунт. Подтвердите, что вы не робот',
  loggedOut: 'Вы вышли из аккаунта',
  recoverSent: 'Если такой email зарегистрирован, мы отправили на него ссылку для восстановления пароля',
  recoverTokenInvalid: 'Ссылка для восстановления недействительна или устарела',
  passwordChanged: 'Пароль изменён, вы вошли в аккаунт',
  mailLinkHidden: '«ссылка скрыта»',
  recoverMailSubject: 'Восстановление пароля на Среде',
  recoverMailText: (name: string, link: string) =>
    `Здравствуйте, ${name}!\n\nЧтобы задать новый пароль, перейдите по ссылке:\n${link}\n\nСсылка действует 1 час. Если вы не просили восстановить пароль, просто проигнорируйте это письмо.\n\n— Среда`,

  // Subsites
  subsiteNotFound: 'Подсайт не найден',
  subscribed: 'Вы подписались',
  unsubscribed: 'Вы отписались',
  cannotSubscribeSelf: 'Нельзя подписаться на собственный блог',

  ...inputMessages,
  // Comments (spec/foundation.md §5)
  commentTooLong: (max: number) => `Комментарий слишком длинный, максимум ${max} символов`,
} as const;

export type MessageKey = keyof typeof messages;

/** Interface labels of the web client. */
export const ui = {
  entries: entriesUi,
  feedSection: feedUi,
  comments: commentsUi,
  reactions: reactionsUi,
  media: mediaUi,
  writing: writingUi,
  realtime: realtimeUi,
  notifications: notificationsUi,
  extract: extractUi,
  history: historyUi,
  messenger: messengerUi,
  accounts: accountsUi,
  signin: signinUi,
  moderation: moderationUi,
  discovery: discoveryUi,
  search: searchUi,
  captcha: captchaUi,
  billing: billingUi,
  payments: paymentsUi,
  complaints: complaintsUi,
  vacancies: vacanciesUi,
  events: eventsUi,
  reposts: repostsUi,
  quiz: quizUi,
  distributions: distributionsUi,
  livestreams: livestreamsUi,
  blogWidget: blogWidgetUi,
  siteName,
  overlays: overlaysUi,
  input: inputUi,
  siteTagline,
  auth: {
    loginTitle: 'Вход',
    registerTitle: 'Регистрация',
    recoverTitle: 'Восстановление пароля',
    resetTitle: 'Новый пароль',
    resetFor: (email: string) => `Придумайте новый пароль для ${email}`,
    recoverSent: 'Проверьте почту: мы отправили ссылку для восстановления пароля, если такой email зарегистрирован.',
    name: 'Имя',
    email: 'Почта',
    password: 'Пароль',
    newPassword: 'Новый пароль',
    loginButton: 'Войти',
    registerButton: 'Зарегистрироваться',
    recoverButton: 'Отправить ссылку',
    resetButton: 'Сохранить пароль',
    forgot: 'Забыли пароль?',
    noAccount: 'Нет аккаунта?',
    registerLink: 'Зарегистрироваться',
    haveAccount: 'Уже есть аккаунт?',
    loginLink: 'Войти',
    recoverInvalid: 'Ссылка для восстановления недействительна или устарела. Запросите новую.',
  },
  header: headerUi,
  nav: navUi,
  column: columnUi,
  navigation: navigationMessages,
  subsite: subsiteUi,
  subsites: subsitesUi,
  feed: {
    title: 'Популярное',
    empty: 'Здесь пока пусто',
    comments: ['комментарий', 'комментария', 'комментариев'] as const,
  },
  kit: {
    title: 'Интерфейс: окна и уведомления',
    lead: 'Все всплывающие элементы сайта на одной странице — для проверки вида и поведения.',
    toastSuccess: 'Уведомление',
    toastError: 'Ошибка',
    toastSuccessText: 'Изменения сохранены',
    toastErrorText: 'Не удалось сохранить изменения',
    popupSmall: 'Окно 480',
    popupMedium: 'Окно 640',
    popupLarge: 'Окно 880',
    popupText: (width: number) => `Центрированное окно шириной ${width} пикселей.`,
    popupStack: 'Окно поверх окна',
    popupNext: 'Открыть следующее',
    popupLevel: (n: number) => `Окно №${n}`,
    fullPage: 'Полноэкранное окно',
    fullPageText: 'Развернутое состояние запоминается для этого вида окна.',
    popover: 'Меню',
    popoverItems: ['Редактировать', 'Поделиться', 'Пожаловаться'],
    popoverDisabled: 'Недоступно',
    tooltip: 'Подсказка',
    tooltipText: 'Подсказка появляется при наведении',
    modalReason: 'Окно с причиной',
    modalReasonTitle: 'Снять с публикации',
    modalConfirm: 'Подтверждение',
    modalConfirmTitle: 'Удалить комментарий?',
    result: (status: boolean, reason: string) => (status ? `Подтверждено${reason ? `: ${reason}` : ''}` : 'Отменено'),
  },
  outbox: {
    title: 'Исходящая почта',
    empty: 'Писем пока нет',
    to: 'Кому',
    status: { queued: 'в очереди', kept: 'в ящике', sent: 'отправлено', failed: 'ошибка' } as Record<string, string>,
  },
  errors: errorsUi,
  offline: offlineUi,
} as const;
