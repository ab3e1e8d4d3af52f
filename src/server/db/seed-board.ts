import type { Ctx } from '../context.ts';
import type { Block } from '../../shared/blocks.ts';
import { localTime, zonedInstant, DEFAULT_EVENT_TIME_ZONE, type EventFormat } from '../../shared/events.ts';
import {
  VACANCY_LIFETIME_DAYS,
  type Employment,
  type Experience,
  type Specialisation,
} from '../../shared/vacancies.ts';
import { descriptionText } from '../../shared/vacancy-blocks.ts';
import { insertVacancy } from '../modules/vacancies/queries.ts';
import { insertEvent } from '../modules/events/queries.ts';

/**
 * The demo's job board and events (`/job`, `/events`): a few published vacancies (towns of `lib/towns.ts`, remote,
 * salaries in roubles) and events to come (dates in Moscow time, online and in a town, free and paid), posted by the
 * demo's companies and authors, so a fresh site's boards are not empty. Written as published, as staff would have
 * left them; one insert each.
 */

const MOSCOW = 1;
const SAINT_PETERSBURG = 2;
const NOVOSIBIRSK = 3;
const YEKATERINBURG = 4;
const KAZAN = 5;

interface SeedVacancy {
  /** A community's slug (a company) or a demo user's key (their blog). */
  by: { company: string } | { user: string };
  title: string;
  company: string;
  text: string[];
  salaryFrom: number | null;
  salaryTo: number | null;
  townId: number | null;
  isRemote: boolean;
  specialisation: Specialisation;
  experience: Experience;
  employment: Employment;
  applyUrl?: string;
  applyContact?: string;
  /** Published this many days ago (the list is newest first; each lasts VACANCY_LIFETIME_DAYS). */
  daysAgo: number;
}

export const seedVacancies: SeedVacancy[] = [
  {
    by: { company: 'severbank' },
    title: 'iOS-разработчик в команду мобильного банка',
    company: 'АО «Северный банк»',
    text: [
      'Делаем мобильный банк, которым пользуются два миллиона клиентов. Ищем разработчика в команду платежей.',
      'Swift, SwiftUI, модульная архитектура, автотесты. Релиз каждые две недели.',
    ],
    salaryFrom: 250_000,
    salaryTo: 350_000,
    townId: SAINT_PETERSBURG,
    isRemote: false,
    specialisation: 'development',
    experience: '3-6',
    employment: 'full',
    applyUrl: 'https://severbank.example/careers/ios',
    daysAgo: 1,
  },
  {
    by: { company: 'severbank' },
    title: 'Аналитик данных (удалённо)',
    company: 'АО «Северный банк»',
    text: [
      'Считаем, как клиенты пользуются приложением, и помогаем продуктовым командам решать по цифрам.',
      'SQL, Python, A/B-тесты. Работаем из любого города.',
    ],
    salaryFrom: 180_000,
    salaryTo: null,
    townId: null,
    isRemote: true,
    specialisation: 'analytics',
    experience: '1-3',
    employment: 'full',
    applyUrl: 'https://severbank.example/careers/data',
    daysAgo: 3,
  },
  {
    by: { company: 'pechka' },
    title: 'Администратор кафе на Баумана',
    company: 'ООО «Печка»',
    text: ['Открываем новую точку в центре Казани. Нужен администратор: смены, закупки, порядок в зале и на кухне.'],
    salaryFrom: 90_000,
    salaryTo: 120_000,
    townId: KAZAN,
    isRemote: false,
    specialisation: 'management',
    experience: '1-3',
    employment: 'full',
    applyContact: 'franchise@pechka.example',
    daysAgo: 2,
  },
  {
    by: { user: 'dmitry' },
    title: 'Backend-разработчик на Go в небольшую студию',
    company: 'Студия «Байт»',
    text: ['Пишем бэкенды для интернет-магазинов. Go, PostgreSQL, очереди. Команда из шести человек, офис и удалёнка.'],
    salaryFrom: 200_000,
    salaryTo: 300_000,
    townId: NOVOSIBIRSK,
    isRemote: true,
    specialisation: 'development',
    experience: '3-6',
    employment: 'full',
    applyContact: 'Пишите в личные сообщения',
    daysAgo: 5,
  },
  {
    by: { user: 'anna' },
    title: 'Продуктовый дизайнер на проект',
    company: 'Финтех-стартап',
    text: ['Нужен дизайнер на три месяца: личный кабинет и онбординг. Figma, дизайн-система, работа с исследованиями.'],
    salaryFrom: 150_000,
    salaryTo: 200_000,
    townId: MOSCOW,
    isRemote: false,
    specialisation: 'design',
    experience: '1-3',
    employment: 'project',
    applyContact: 'anna.sokolova@example.ru',
    daysAgo: 6,
  },
  {
    by: { user: 'maria' },
    title: 'Редактор научно-популярных текстов',
    company: 'Онлайн-журнал «Лаборатория»',
    text: ['Редактируем статьи учёных для широкой аудитории. Неполный день, можно совмещать с учёбой.'],
    salaryFrom: 60_000,
    salaryTo: 80_000,
    townId: YEKATERINBURG,
    isRemote: false,
    specialisation: 'content',
    experience: 'none',
    employment: 'part',
    applyContact: 'Пишите в личные сообщения',
    daysAgo: 8,
  },
];

interface SeedEvent {
  by: { company: string } | { user: string };
  title: string;
  description: string;
  format: EventFormat;
  /** Starts this many days from now, at `time` (Moscow). */
  inDays: number;
  time: string;
  hours: number;
  townId: number | null;
  isOnline: boolean;
  address: string;
  /** Roubles; 0 is free. */
  price: number;
  registerUrl: string;
}

export const seedEvents: SeedEvent[] = [
  {
    by: { company: 'severbank' },
    title: 'Митап мобильной разработки',
    description: 'Три доклада о том, как мы выпускаем мобильный банк каждые две недели, и разговоры после.',
    format: 'meetup',
    inDays: 9,
    time: '19:00',
    hours: 3,
    townId: SAINT_PETERSBURG,
    isOnline: false,
    address: 'Санкт-Петербург, Невский проспект, 38',
    price: 0,
    registerUrl: 'https://severbank.example/meetup',
  },
  {
    by: { company: 'severbank' },
    title: 'Вебинар: как читать банковскую выписку',
    description: 'Разбираем выписку по строчкам: комиссии, кешбэк, проценты на остаток. Ответим на вопросы в чате.',
    format: 'webinar',
    inDays: 4,
    time: '12:00',
    hours: 1,
    townId: null,
    isOnline: true,
    address: '',
    price: 0,
    registerUrl: 'https://severbank.example/webinar',
  },
  {
    by: { company: 'pechka' },
    title: 'Мастер-класс: бриоши и круассаны',
    description:
      'Мастера «Печки» покажут, как ламинировать тесто и печь круассаны дома. Всё, что испечёте, заберёте с собой.',
    format: 'workshop',
    inDays: 12,
    time: '11:00',
    hours: 4,
    townId: KAZAN,
    isOnline: false,
    address: 'Казань, ул. Баумана, 17',
    price: 1500,
    registerUrl: 'https://pechka.example/classes',
  },
  {
    by: { company: 'tech' },
    title: 'Конференция «Среда DevDays»',
    description: 'Два дня докладов о бэкенде, базах данных и фронтенде от авторов Среды. Кофе и обед включены.',
    format: 'conference',
    inDays: 20,
    time: '10:00',
    hours: 32,
    townId: MOSCOW,
    isOnline: false,
    address: 'Москва, Берсеневская набережная, 6',
    price: 4900,
    registerUrl: 'https://devdays.example',
  },
  {
    by: { user: 'dmitry' },
    title: 'Практикум по PostgreSQL: индексы и планы запросов',
    description: 'Онлайн-практикум: читаем EXPLAIN, выбираем индексы и ускоряем медленные запросы на живой базе.',
    format: 'workshop',
    inDays: 6,
    time: '18:30',
    hours: 2,
    townId: null,
    isOnline: true,
    address: '',
    price: 990,
    registerUrl: 'https://pg-practice.example',
  },
];

const DAY = 86_400_000;
const paragraphs = (text: string[]): Block[] => text.map((t) => ({ type: 'text', data: { text: t } }));

/** A Moscow wall-clock time `days` from now: the day as it is in Moscow then, at `time`. */
function moscowAt(now: Date, days: number, time: string): Date {
  const day = localTime(new Date(now.getTime() + days * DAY), DEFAULT_EVENT_TIME_ZONE).slice(0, 10);
  const at = zonedInstant(`${day}T${time}`, DEFAULT_EVENT_TIME_ZONE);
  if (!at) throw new Error(`seed-board.ts: no time ${day}T${time}`);
  return at;
}

/**
 * Puts the demo's vacancies and events in, published. `subsites` gives a community's id by its slug, `users` a demo
 * user's id by key; a company's items are posted by `founder`, who runs every demo community.
 */
export async function seedBoard(
  ctx: Ctx,
  now: Date,
  ids: { subsites: ReadonlyMap<string, number>; users: ReadonlyMap<string, number>; founder: number },
) {
  const place = (by: SeedVacancy['by']) => {
    const subsiteId = 'company' in by ? ids.subsites.get(by.company) : ids.users.get(by.user);
    if (subsiteId === undefined) throw new Error(`seed-board.ts: no ${JSON.stringify(by)}`);
    return { subsiteId, authorId: 'company' in by ? ids.founder : subsiteId };
  };
  for (const v of seedVacancies) {
    const { subsiteId, authorId } = place(v.by);
    const blocks = paragraphs(v.text);
    const publishedAt = new Date(now.getTime() - v.daysAgo * DAY);
    await insertVacancy(ctx.db, authorId, {
      subsiteId,
      title: v.title,
      company: v.company,
      description: descriptionText(blocks),
      descriptionBlocks: blocks,
      salaryFrom: v.salaryFrom,
      salaryTo: v.salaryTo,
      townId: v.townId,
      isRemote: v.isRemote,
      specialisation: v.specialisation,
      experience: v.experience,
      employment: v.employment,
      applyUrl: v.applyUrl ?? '',
      applyContact: v.applyContact ?? '',
      state: 'published',
      publishedAt,
      expiresAt: new Date(publishedAt.getTime() + VACANCY_LIFETIME_DAYS * DAY),
    });
  }
  for (const e of seedEvents) {
    const { subsiteId, authorId } = place(e.by);
    const startsAt = moscowAt(now, e.inDays, e.time);
    await insertEvent(ctx.db, authorId, {
      subsiteId,
      title: e.title,
      description: e.description,
      startsAt,
      endsAt: new Date(startsAt.getTime() + e.hours * 3_600_000),
      timeZone: DEFAULT_EVENT_TIME_ZONE,
      townId: e.townId,
      isOnline: e.isOnline,
      address: e.address,
      format: e.format,
      price: e.price,
      registerUrl: e.registerUrl,
      state: 'published',
      publishedAt: new Date(now.getTime() - DAY),
      // The events.renew task moves it forward by whole weeks once it has ended: the demo keeps events to come.
      seeded: true,
    });
  }
}
