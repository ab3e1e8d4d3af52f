/** Catalogue section: reposts (issue 32; spec/foundation.md's catalogue). Russian texts only. */
import { repostsShownUi } from './shown.ts';

export const repostsMessages = {
  // 'You cannot repost from a private subsite'
  repostPrivate: 'Нельзя сделать репост из закрытого подсайта',
  // 'The post is already repost in this subsite'
  repostTwice: 'Эта запись уже репостнута в этот подсайт',
  repostEntryInvalid: 'Неверный номер записи для репоста',
  repostSubsiteInvalid: 'Неверный номер блога или сообщества для репоста',
  repostIdInvalid: 'Неверный номер репоста',
  repostCommentInvalid: 'Комментарий к репосту должен быть текстом',
  repostCommentTooLong: (max: number) => `Комментарий к репосту слишком длинный, максимум ${max} символов`,
  repostTargetForbidden: 'Репост можно сделать только в свой блог или в сообщество, которым вы управляете',
  repostNotFound: 'Репост не найден',
  repostRemoveForbidden: 'Убрать репост может только его автор, управляющий подсайтом или модератор',
} as const;

export const repostsUi = {
  ...repostsShownUi,
  title: 'Репост записи',
  target: 'Куда',
  comment: 'Комментарий',
  commentPlaceholder: 'Что вы думаете об этой записи? (необязательно)',
  submit: 'Сделать репост',
  done: 'Репост сделан',
  undo: 'Убрать репост',
  undone: 'Репост убран',
  line: 'репост',
  noTargets: 'Некуда сделать репост',
  /** A repost's item in the reposter's RSS. */
  rssTitle: (title: string) => `Репост: ${title}`,
} as const;
