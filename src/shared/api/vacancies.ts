import { z } from 'zod';
import { messages } from '../catalogue.ts';
import {
  emptyAs,
  flagField,
  idField,
  intField,
  microsecondTimeField,
  plainBody,
  withoutControlChars,
} from '../validation.ts';
import {
  EMPLOYMENTS,
  EXPERIENCES,
  SPECIALISATIONS,
  VACANCY_LIMITS as L,
  VACANCY_STATES,
  WIDGET_STEP,
} from '../vacancies.ts';
import { boardIdParams, boardStaffContracts, optionalText, text } from './board.ts';
import { contract, type ContractOutput } from './contract.ts';
import { sortedPage, storedBlock } from './cards.ts';
import { vacancyDescriptionField } from '../vacancy-blocks.ts';

/** Vacancies at /job, their towns and the job widget (issue 29; spec/content.md §2, §7, §9). */

export const choice = <T extends readonly [string, ...string[]]>(values: T, rm: string) =>
  z.enum(values, { error: rm });
const salaryField = (rm: string) => emptyAs(null, intField(rm, 0, L.salary).nullable()).optional();
/** A link the reader opens: http(s) only, no spaces, a host. */
/** An absolute http(s) address with a host. */
export function isHttpUrl(v: string): boolean {
  if (!/^https?:\/\/[^\s/]+/i.test(v)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

export const httpUrl = (rm: string, max: number = L.apply) =>
  withoutControlChars(z.string({ error: rm }))
    .max(max, rm)
    .refine(isHttpUrl, rm);
/** A checkbox that must be ticked. */
export const accepted = (rm: string) => flagField(rm).refine((v) => v, rm);

const idParams = boardIdParams('vacancy');

/** What an author sends to create or change a vacancy; the town is checked against the list on the server. */
export const vacancyBody = plainBody({
  /** The blog it is posted from: the author's own (default) or a company or community they run. */
  subsite_id: idField(messages.vacancySubsiteInvalid).optional(),
  title: text(messages.vacancyTitleRequired, messages.vacancyTitleTooLong(L.title), L.title),
  /** The hiring company's name; empty for a company blog means the blog's name. */
  company: optionalText(messages.vacancyCompanyTooLong(L.company), L.company),
  /** Blocks of the editor (paragraph, header, list, quote, delimiter), an array or its JSON text. */
  description: vacancyDescriptionField,
  salary_from: salaryField(messages.vacancySalaryFromInvalid),
  salary_to: salaryField(messages.vacancySalaryToInvalid),
  town_id: emptyAs(null, idField(messages.townIdInvalid).nullable()).optional(),
  is_remote: flagField(messages.vacancyRemoteInvalid).optional(),
  specialisation: choice(SPECIALISATIONS, messages.vacancySpecialisationInvalid),
  experience: choice(EXPERIENCES, messages.vacancyExperienceInvalid),
  employment: choice(EMPLOYMENTS, messages.vacancyEmploymentInvalid),
  apply_url: emptyAs(undefined, httpUrl(messages.vacancyApplyUrlInvalid).optional()).optional(),
  apply_contact: optionalText(messages.vacancyApplyContactInvalid, L.apply),
  /** `/job/rules` and `/job/agreement` accepted: both must be true. */
  rules: accepted(messages.vacancyRulesRequired),
  agreement: accepted(messages.vacancyAgreementRequired),
}).superRefine((v, c) => {
  if (v.salary_from != null && v.salary_to != null && v.salary_from > v.salary_to)
    c.addIssue({ code: 'custom', path: ['salary_from'], message: messages.vacancySalaryRange });
  if (v.town_id == null && !v.is_remote)
    c.addIssue({ code: 'custom', path: ['town_id'], message: messages.vacancyTownRequired });
  if (!v.apply_url && !v.apply_contact)
    c.addIssue({ code: 'custom', path: ['apply_url'], message: messages.vacancyApplyRequired });
});
export type VacancyInput = z.output<typeof vacancyBody>;

export const town = z.object({ id: z.number().int(), name: z.string(), region: z.string() });
export type TownData = z.output<typeof town>;

export const vacancyCard = z.object({
  id: z.number().int(),
  /** `/job/{id}` */
  url: z.string(),
  title: z.string(),
  company: z.string(),
  /** The blog it was posted from. */
  subsite: z.object({
    id: z.number().int(),
    type: z.enum(['user', 'community', 'company']),
    name: z.string(),
    url: z.string(),
    avatar_url: z.string().nullable(),
    avatar_color: z.string(),
  }),
  salary_from: z.number().int().nullable(),
  salary_to: z.number().int().nullable(),
  town: town.nullable(),
  is_remote: z.boolean(),
  specialisation: z.enum(SPECIALISATIONS),
  experience: z.enum(EXPERIENCES),
  employment: z.enum(EMPLOYMENTS),
  state: z.enum(VACANCY_STATES),
  /** ISO time; null until staff publish it. */
  published_at: z.string().nullable(),
});
export type VacancyCardData = z.output<typeof vacancyCard>;

const vacancy = vacancyCard.extend({
  /** The editor's blocks (inline HTML sanitized when saved). */
  description: z.array(storedBlock),
  /** The description as plain text (what search, RSS and the page's meta read). */
  description_text: z.string(),
  apply_url: z.string(),
  apply_contact: z.string(),
  /** Staff's reason of a rejection or an unpublishing (the author and staff see it; empty for others). */
  reason: z.string(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  author_id: z.number().int(),
  /** The reader may change it (its author, while it is not unpublished or expired). */
  can_edit: z.boolean(),
  /** The reader may take it off (its author or staff, while it is published or waiting). */
  can_unpublish: z.boolean(),
  /** The reader may publish or reject it (staff, while it waits). */
  can_moderate: z.boolean(),
});
export type VacancyData = z.output<typeof vacancy>;

/** The cursor's other half: the last item's publishing time with microseconds. */
const page = sortedPage(vacancyCard, z.string());
export type VacanciesPageData = z.output<typeof page>;

/** The list's filters (all optional), shared by the page loader. */
export const listQuery = plainBody({
  town_id: idField(messages.townIdInvalid).optional(),
  remote: flagField(messages.vacancyFilterInvalid).optional(),
  specialisation: choice(SPECIALISATIONS, messages.vacancySpecialisationInvalid).optional(),
  salary_from: intField(messages.vacancySalaryFromInvalid, 0, L.salary).optional(),
  experience: choice(EXPERIENCES, messages.vacancyExperienceInvalid).optional(),
  employment: choice(EMPLOYMENTS, messages.vacancyEmploymentInvalid).optional(),
  /** Vacancies of one company (its blog's id). */
  subsite_id: idField(messages.vacancySubsiteInvalid).optional(),
  q: emptyAs(
    undefined,
    z.string({ error: messages.vacancyFilterInvalid }).max(L.query, messages.vacancyQueryTooLong(L.query)).optional(),
  ).optional(),
  last_id: idField(messages.vacancyCursorInvalid).optional(),
  last_sorting_value: microsecondTimeField(messages.vacancyCursorInvalid).optional(),
}).refine((v) => (v.last_id === undefined) === (v.last_sorting_value === undefined), {
  message: messages.vacancyCursorInvalid,
  path: ['last_id'],
});
export type VacancyFilters = Omit<z.output<typeof listQuery>, 'last_id' | 'last_sorting_value'>;

/** Published vacancies, newest first, filtered and searched; the cursor comes from the previous page. */
export const list = contract({
  method: 'GET',
  path: '/job',
  access: 'anyone',
  query: listQuery,
  response: page,
  errors: [],
});

/** One vacancy: anyone sees a published one; its author and staff see it in every state. */
export const one = contract({
  method: 'GET',
  path: '/job/:id',
  access: 'anyone',
  params: idParams,
  response: vacancy,
  errors: ['vacancy_not_found'],
});

const writeErrors = [
  'vacancy_town_unknown',
  'vacancy_subsite_forbidden',
  'subsite_not_found',
  'vacancy_edit_forbidden',
  'vacancy_not_editable',
  'vacancy_not_found',
  'vacancy_company_required',
] as const;

/** A new vacancy from a person or a company they run; it waits for staff. */
export const create = contract({
  method: 'POST',
  path: '/job/create',
  access: 'active',
  body: vacancyBody,
  response: vacancy,
  errors: writeErrors,
});

/** Its author changes a vacancy; it goes back to staff. */
export const edit = contract({
  method: 'POST',
  path: '/job/:id/edit',
  access: 'active',
  params: idParams,
  body: vacancyBody,
  response: vacancy,
  errors: writeErrors,
});

export const { unpublish, queue, publish, reject } = boardStaffContracts('vacancy', vacancy, L.reason);

/** Russian towns by the start of a word of their name (ё and е alike), biggest first. */
export const towns = contract({
  method: 'GET',
  path: '/job/towns/find',
  access: 'anyone',
  query: plainBody({
    q: withoutControlChars(z.string({ error: messages.townQueryInvalid }))
      .transform((s) => s.trim())
      .pipe(z.string().min(1, messages.townQueryInvalid).max(L.query, messages.townQueryInvalid)),
  }),
  response: z.object({ items: z.array(town) }),
  errors: [],
});

/** Remembers the reader's town (`city_id`, 0 forgets it): a setting for a person, a cookie for anyone else. */
export const storeLocation = contract({
  method: 'POST',
  path: '/users/store-location',
  access: 'anyone',
  body: plainBody({ city_id: intField(messages.townIdInvalid, 0) }),
  response: z.object({ town: town.nullable() }),
  errors: ['vacancy_town_unknown'],
});

/** The right column's job widget: `offset` for "+5"; `location` a town id (default: the reader's town). */
export const widget = contract({
  method: 'GET',
  path: '/widget/job',
  access: 'anyone',
  query: plainBody({
    location: idField(messages.townIdInvalid).optional(),
    offset: intField(messages.vacancyOffsetInvalid, 0, 1000).optional(),
    limit: intField(messages.vacancyOffsetInvalid, 1, WIDGET_STEP * 2).optional(),
  }),
  response: z.object({ items: z.array(vacancyCard), town: town.nullable(), is_finished: z.boolean() }),
  errors: [],
});
export type JobWidgetData = ContractOutput<typeof widget>;

/** RSS 2.0 of the newest published vacancies, at the site root (without the /v3.0 prefix). */
export const rss = contract({
  method: 'GET',
  path: '/job/rss',
  access: 'anyone',
  raw: {
    type: 'application/rss+xml',
    description: 'RSS 2.0 of the newest published vacancies; ETag and Last-Modified, 304 when the reader has it',
  },
});

/**
 * The job widget for other sites (spec/content.md `/widget/job/external?location`), at the site root: a page to
 * frame, the first vacancies of the town (any town without `location`). No scripts; cookies are neither set nor read.
 */
export const externalWidget = contract({
  method: 'GET',
  path: '/widget/job/external',
  access: 'anyone',
  query: plainBody({ location: idField(messages.townIdInvalid).optional() }),
  raw: {
    type: 'text/html',
    description: 'A page other sites frame (frame-ancestors *, no scripts): the newest vacancies of the town',
  },
  errors: [],
});
