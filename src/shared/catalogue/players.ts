/**
 * Labels of the audio, video and live-stream players (spec/content.md §4). Imported by the players' own chunks only,
 * so a page without such a block carries none of them.
 */
import { pluralize } from '../format.ts';

export const playersUi = {
  audio: {
    play: 'Слушать',
    pause: 'Пауза',
    rewind: 'Назад на 15 секунд',
    forward: 'Вперёд на 15 секунд',
    rate: (r: number) => `Скорость ${String(r).replace('.', ',')}×`,
    volume: 'Громкость',
    seek: 'Перемотка',
    close: 'Закрыть плеер',
    floating: 'Аудиоплеер',
    untitled: 'Аудио',
    listens: (n: number) => pluralize(n, ['прослушивание', 'прослушивания', 'прослушиваний']),
    openEntry: 'К записи',
  },
  video: {
    play: 'Смотреть видео',
    pause: 'Пауза',
    loading: 'Видео загружается…',
    failed: 'Видео не загрузилось',
  },
  /** The layout's livestream slot: its card and player. */
  live: {
    region: 'Трансляция',
    badge: 'Прямой эфир',
    play: 'Смотреть эфир',
    pause: 'Пауза',
    close: 'Закрыть эфир',
    loading: 'Эфир загружается…',
    plusOnly: 'Эфир — для подписчиков Плюса',
    player: (title: string) => `Трансляция: ${title}`,
    failed: 'Эфир не загрузился',
    offline: 'Эфир сейчас не идёт',
    floatingBack: 'Вернуться к эфиру',
    floatingClose: 'Закрыть плавающий экран',
    floatingResize: 'Ширина плавающего экрана',
  },
} as const;
