/** Vacancies (issue 29): the fixed lists a vacancy's fields take, shared by the server, the web and the contracts. */

/** on moderation → published | rejected (with a reason) → unpublished (author or staff) | expired (30 days on). */
export const VACANCY_STATES = ['moderation', 'published', 'rejected', 'unpublished', 'expired'] as const;
export type VacancyState = (typeof VACANCY_STATES)[number];

export const SPECIALISATIONS = [
  'development',
  'design',
  'marketing',
  'sales',
  'management',
  'content',
  'analytics',
  'support',
  'finance',
  'hr',
  'other',
] as const;
export type Specialisation = (typeof SPECIALISATIONS)[number];

/** Years of experience asked for. */
export const EXPERIENCES = ['none', '1-3', '3-6', '6+'] as const;
export type Experience = (typeof EXPERIENCES)[number];

export const EMPLOYMENTS = ['full', 'part', 'project', 'internship'] as const;
export type Employment = (typeof EMPLOYMENTS)[number];

/** A published vacancy is shown this long, and its author is written to this long before it ends. */
export const VACANCY_LIFETIME_DAYS = 30;
export const VACANCY_WARN_DAYS = 3;

/** A page of the list; the widget shows this many first and as many more per "+5". */
export const VACANCIES_PAGE_SIZE = 20;
export const WIDGET_STEP = 5;

/** Field limits. */
export const VACANCY_LIMITS = {
  title: 120,
  company: 120,
  description: 10_000,
  apply: 500,
  reason: 1000,
  query: 100,
  /** Roubles a month; anything above is a typo. */
  salary: 100_000_000,
} as const;

/** The cookie that keeps an anonymous reader's town (signed-in readers keep it in their settings). */
export const TOWN_COOKIE = 'city_id';
