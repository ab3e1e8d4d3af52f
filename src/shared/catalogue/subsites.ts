/** Catalogue section: subsites (private communities, joining). Russian texts only; catalogue.ts merges every section. */
import { subsitesShownUi } from './shown.ts';

export const subsitesMessages = {
  // A private community (issue 32, point 4; spec/foundation.md §6: Plus votes in private subsites)
  entryPrivate: 'Это запись закрытого сообщества: её читают только участники',
  joinRequested: 'Заявка отправлена: её рассмотрят администраторы сообщества',
  joinRequestsForbidden: 'Заявки в сообщество рассматривают его создатель и администраторы',
  joinRequestNotFound: 'Заявка не найдена: её уже рассмотрели или отозвали',
  joinApproved: 'Участник принят',
  joinRefused: 'Заявка отклонена',
  joinRequestedNotice: (name: string, community: string) => `${name} просит принять в сообщество «${community}»`,
  joinApprovedNotice: (community: string) => `Вас приняли в сообщество «${community}»: его записи открыты`,
  joinRefusedNotice: (community: string) => `Заявку в сообщество «${community}» отклонили`,
  privateOnlyCommunity: 'Закрытым может быть только сообщество',
  privatePostingMembersOnly: 'Писать в закрытое сообщество могут только его участники',
} as const;

export const subsitesUi = {
  ...subsitesShownUi,
  privateText:
    'Записи этого сообщества читают только его участники. Вступите — администраторы рассмотрят заявку, и записи откроются.',
  privatePlusText: 'Подписчики Плюса вступают сразу, без заявки.',
  privacy: 'Доступ',
  isPrivate: 'Закрытое сообщество',
  isPrivateHint:
    'Записи читают только участники: подписчики и команда. Остальные видят заглушку и подают заявку на вступление.',
  plusJoin: 'Подписчики Плюса вступают без заявки',
  requests: 'Заявки на вступление',
  requestsEmpty: 'Новых заявок нет',
  approve: 'Принять',
  refuse: 'Отклонить',
  plusBadge: 'Плюс',
  requestedAt: (date: string) => `заявка от ${date}`,
} as const;
