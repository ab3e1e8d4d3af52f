/** Catalogue section: realtime. `messages` are server `rm` texts (and socket refusals), `ui` client texts. */
export const realtimeMessages = {
  // Socket refusals (answered by ack or the `error` event; spec/foundation.md §7)
  socketBadRequest: 'Неверный запрос к каналу',
  socketUnknownChannel: 'Такого канала нет',
  socketAuthRequired: 'Канал закрыт: нужна действующая подпись',
  socketAuthExpired: 'Подпись канала устарела, обновите страницу',
  socketTooManyChannels: (max: number) => `Слишком много каналов на одно соединение, максимум ${max}`,
  socketBroadcastForbidden: 'В этот канал нельзя писать',
  socketNotSubscribed: 'Сначала подпишитесь на канал',
  socketTooFast: 'Слишком много команд за короткое время',
  // Live feed (spec/content.md §7)
  liveTokenPlusRequired: 'Личный токен прямого эфира — для подписчиков Плюса',
} as const;

export const realtimeUi = {
  newVersion: 'Вышла новая версия сайта — обновите страницу',
  reload: 'Обновить',
  liveTitle: 'Прямой эфир',
  liveDescription: 'Новые комментарии и записи Среды в реальном времени',
  liveEmpty: 'Пока тихо: новые комментарии и записи появятся здесь',
  liveLoading: 'Загружаем эфир…',
  liveFailed: 'Эфир не загрузился',
  liveRetry: 'Повторить',
  /** Small button (spec/content.md §4): auto → shown, shown → auto, collapsed → shown. */
  liveShowMore: 'Показать больше',
  liveShowLess: 'Показать меньше',
  /** Big button: auto/shown → collapsed, collapsed → auto. */
  liveCollapse: 'Свернуть эфир',
  liveExpand: 'Развернуть эфир',
  liveEntryPublished: 'новая запись',
  /** `/new`: 'N новых записей' (spec/content.md §4), a button that refreshes the list. */
  newEntries: ['новая запись', 'новые записи', 'новых записей'] as const,
} as const;
