/** Catalogue section: link extraction (`/andropov/extract`). `messages` are server `rm` texts, `ui` client texts. */
export const extractMessages = {
  extractUrlsRequired: 'Добавьте хотя бы одну ссылку',
  extractUrlsTooMany: (max: number) => `Не больше ${max} ссылок за один раз`,
  extractUrlInvalid: 'Ссылка должна начинаться с http:// или https://',
  extractUrlTooLong: (max: number) => `Слишком длинная ссылка, максимум ${max} символов`,
  extractForceLinkInvalid: 'Неверное значение forceLink',
  // Per-URL failures: the request still answers 200, the item carries the message.
  extractRefused: 'Эта ссылка ведёт во внутреннюю сеть, открыть её нельзя',
  extractTimeout: 'Сайт не ответил вовремя',
  extractTooLarge: 'Страница слишком большая',
  extractTooManyRedirects: 'Слишком много перенаправлений',
  extractUnreachable: 'Не удалось открыть ссылку',
  extractUpstream: (code: number) => `Сайт ответил ошибкой (код ${code})`,
  extractEntryNotFound: 'Запись не найдена или скрыта',
  extractCommentNotFound: 'Комментарий не найден или удалён',
};

export const extractUi = {
  telegramPost: (channel: string) => `Пост в Telegram · @${channel}`,
  xPost: 'Пост в X',
  comment: 'Комментарий',
  video: 'Видео',
};
