/** Catalogue section: reactions (votes, bookmarks, views, sharing). Russian texts only; catalogue.ts merges every section. */
export const reactionsMessages = {
  reactionIdInvalid: 'Неверный идентификатор',
  reactionTypeInvalid: 'Тип должен быть content или comment',
  reactionEntryNotFound: 'Запись не найдена',
  reactionCommentNotFound: 'Комментарий не найден',
  voteSignInvalid: 'Голос должен быть -1, 0 или 1',
  voteOwnEntry: 'Нельзя голосовать за свою запись',
  voteOwnComment: 'Нельзя голосовать за свой комментарий',
  voteLikesDisabled: 'Автор отключил голосование за эту запись',
  votePlusRequired: 'Голосовать в закрытых подсайтах можно только с Плюсом',
  favoriteStateInvalid: 'Состояние закладки должно быть 0 или 1',
  bookmarksCursorInvalid: 'Неверная позиция в списке закладок',
  // 'Failed to copy link'
  copyLinkFailed: 'Не удалось скопировать ссылку',
} as const;

export const reactionsUi = {
  voteUp: 'Нравится',
  voteDown: 'Не нравится',
  votes: ['голос', 'голоса', 'голосов'] as const,
  comments: ['комментарий', 'комментария', 'комментариев'] as const,
  views: ['просмотр', 'просмотра', 'просмотров'] as const,
  bookmarks: ['закладка', 'закладки', 'закладок'] as const,
  bookmarkAdd: 'В закладки',
  bookmarkRemove: 'Убрать из закладок',
  // The bookmark's failures (spec/content.md §8: 'and similar for … bookmark')
  bookmarkAddFailed: 'Не удалось добавить в закладки',
  bookmarkRemoveFailed: 'Не удалось убрать из закладок',
  share: 'Поделиться',
  shareTitle: 'Поделиться',
  copyLink: 'Скопировать ссылку',
  copy: 'Копировать',
  linkCopied: 'Ссылка скопирована',
  shareServices: {
    vk: 'ВКонтакте',
    telegram: 'Telegram',
    ok: 'Одноклассники',
    whatsapp: 'WhatsApp',
    x: 'X',
    email: 'Почта',
  },
  bookmarksTitle: 'Закладки',
  tabEntries: 'Записи',
  tabComments: 'Комментарии',
  /** The tabs' navigation landmark. */
  tabsLabel: 'Разделы закладок',
  emptyEntries: 'В закладках пока нет записей. Нажмите на флажок под записью, чтобы сохранить её здесь.',
  emptyComments: 'В закладках пока нет комментариев.',
  loadMore: 'Показать ещё',
  inEntry: 'к записи',
} as const;
