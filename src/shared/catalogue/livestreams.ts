/**
 * Catalogue section: live streams (issue 28 point 4; spec/content.md §2, §4, §7). `messages` are server `rm` texts,
 * `ui` the settings page's texts; the slot's and the player's labels are `playersUi.live` (players.ts).
 */
import type { LiveStreamAccess } from '../livestreams.ts';

export const livestreamsMessages = {
  liveStreamSubsiteInvalid: 'Неверный номер подсайта трансляции',
  liveStreamSubsiteNotFound: 'Подсайт трансляции не найден',
  liveStreamSiteForbidden: 'Трансляцию всего сайта настраивают только сотрудники сайта',
  liveStreamForbidden: 'Трансляцией подсайта управляют его владелец, администраторы и сотрудники сайта',
  liveStreamSourceRequired: 'Источник: вставьте ссылку на трансляцию',
  liveStreamSourceInvalid:
    'Источник: нужна ссылка на плейлист HLS (.m3u8) или на трансляцию в VK Видео или YouTube, начинающаяся с http:// или https://',
  liveStreamSourceTooLong: (max: number) => `Источник: слишком длинная ссылка, максимум ${max} символов`,
  liveStreamSourceRefused: 'Источник: эта ссылка ведёт во внутреннюю сеть, трансляцию оттуда не показать',
  liveStreamTitleRequired: 'Название: напишите, что за трансляция',
  liveStreamTitleTooLong: (max: number) => `Название слишком длинное, максимум ${max} символов`,
  liveStreamAccessInvalid: 'Кто смотрит: все или только подписчики Плюса',
  liveStreamNotSaved: 'Сначала сохраните настройки трансляции',
  liveStreamIdInvalid: 'Неверный номер трансляции',
  liveStreamNotFound: 'Трансляция не найдена или уже закончилась',
  liveStreamPlusRequired: 'Эта трансляция — для подписчиков Плюса',
  liveStreamTokenInvalid: 'Неверный токен прямого эфира',
  liveStreamPartInvalid: 'Неверная ссылка на часть трансляции',
  liveStreamUnavailable: 'Поток трансляции сейчас недоступен, попробуйте чуть позже',
  liveStreamSaved: 'Настройки трансляции сохранены',
  liveStreamEnabled: 'Трансляция включена: плеер уже на страницах',
  liveStreamDisabled: 'Трансляция выключена',
} as const;

const access: Record<LiveStreamAccess, string> = {
  everyone: 'Все читатели',
  plus: 'Только подписчики Плюса',
};

export const livestreamsUi = {
  title: 'Трансляция',
  intro:
    'Пока трансляция включена, её плеер стоит над лентами: трансляция сайта — на всех лентах, трансляция подсайта — на его странице и в его записях.',
  place: 'Где показывать',
  site: 'На всём сайте',
  source: 'Источник',
  sourceHint: 'Ссылка на плейлист HLS (.m3u8) или на трансляцию в VK Видео или YouTube',
  streamTitle: 'Название',
  cover: 'Обложка',
  coverHint: 'Её видно, пока трансляцию не включили на воспроизведение',
  coverUpload: 'Загрузить обложку',
  coverRemove: 'Убрать обложку',
  coverUploading: 'Загружаем…',
  access: 'Кто может смотреть',
  accessNames: access,
  save: 'Сохранить',
  enable: 'Включить трансляцию',
  disable: 'Выключить трансляцию',
  on: 'Трансляция идёт',
  off: 'Трансляция выключена',
  nothingToManage: 'Трансляции ведут владельцы и администраторы подсайтов: у вас пока нет своего подсайта.',
  settingsLink: 'Трансляция',
} as const;
