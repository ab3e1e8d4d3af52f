/** Catalogue section: entry history, remove and restore (issue 4, part 6), and the image viewer. */
import { past, type Gender } from '../gender.ts';
import { galleryDotsUi, historyShownUi } from './shown.ts';
export const historyMessages = {
  historyForbidden: 'Историю изменений видят только автор записи и модераторы',
  historyVersionNotFound: 'Версия не найдена',
  historyIdInvalid: 'Неверный номер версии',
  historyLastIdInvalid: 'Неверный номер последней версии',
  historyApplied: 'Версия применена',
  historyEntryRemoved: 'Запись удалена: сначала восстановите её',
  entryRemoveForbidden: 'Удалить запись может только её автор или модератор',
  entryRestoreForbidden: 'Восстановить запись может только её автор или модератор',
  entryRemoved: 'Запись удалена',
  entryRestored: 'Запись восстановлена',
} as const;

export const historyUi = {
  ...historyShownUi,
  title: 'История изменений',
  versionTitle: 'Версия записи',
  empty: 'Версий пока нет: они появляются, когда опубликованную запись сохраняют.',
  current: 'Текущая',
  untitled: 'Без заголовка',
  apply: 'Применить',
  applyTitle: 'Применить эту версию?',
  // spec/content.md §5: 'The current version of the article will be overwritten. Sure?'
  applyConfirm: 'Текущая версия статьи будет перезаписана. Уверены?',
  applyButton: 'Перезаписать',
  // spec/content.md §8
  applyFailed: 'Не получилось применить версию, что-то пошло не так',
  applied: 'Версия применена, окно закроется',
  preview: 'Просмотр',
  choose: 'Выберите версию слева, чтобы посмотреть её',
  more: 'Показать ещё',
  back: 'К записи',
  toHistory: 'Ко всем версиям',
  by: (name: string, g: Gender | null) => `${past(g, 'Сохранил', 'Сохранила')} ${name}`,
  removedText: 'Её не видит никто, кроме автора и модераторов.',
  viewer: {
    ...galleryDotsUi,
    counter: (n: number, total: number) => `${n} из ${total}`,
    close: 'Закрыть',
    previous: 'Предыдущая',
    next: 'Следующая',
    download: 'Скачать оригинал',
    zoomIn: 'Увеличить',
    zoomOut: 'Уменьшить',
  },
} as const;
