import { z } from 'zod';
import { isValidInn } from '../billing.ts';
import { messages } from '../catalogue.ts';
import { normalizePhone } from '../phone.ts';
import { withHttps } from '../links.ts';
import { EMAIL_RE, emptyAs, idField, intField, plainBody, withoutControlChars } from '../validation.ts';
import { subsiteCard } from './cards.ts';
import { contract, type ContractOutput } from './contract.ts';
import { companyDetails } from './discovery.ts';

/** A company blog's details and contacts, and its managers' cabinet (issue 32; spec/foundation.md §5). */

/** The longest company details and contacts. */
const L = { legalName: 300, industry: 100, city: 100, website: 300, email: 254, address: 500 };
const idParams = z.object({ id: idField(messages.companyNotFound) });
const int = z.number().int();

/** Free text: trimmed, at most `max`; '' clears it. */
const textField = (max: number) =>
  withoutControlChars(z.string({ error: messages.wrongType }))
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, messages.companyFieldTooLong(max)));

/** §5: http(s):// then a dotted host; a site written without it gets https:// in front. */
const websiteField = withoutControlChars(z.string({ error: messages.companyWebsiteInvalid }))
  .max(L.website, messages.companyWebsiteInvalid)
  .transform(withHttps)
  .refine((s) => s === '' || isWebsite(s), messages.companyWebsiteInvalid);

function isWebsite(s: string) {
  try {
    const url = new URL(s);
    return ['http:', 'https:'].includes(url.protocol) && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** §5: a leading 8 becomes +7, non-digits are stripped, then plus and exactly 11 digits. */
const phoneField = withoutControlChars(z.string({ error: messages.companyPhoneInvalid }))
  .max(40, messages.companyPhoneInvalid)
  .transform((s) => s.trim())
  .transform((s, c) => {
    if (s === '') return '';
    const phone = normalizePhone(s);
    if (!phone || !/^\+?[\d\s()-]+$/.test(s)) {
      c.addIssue({ code: 'custom', message: messages.companyPhoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

const emailField = withoutControlChars(z.string({ error: messages.emailInvalid }))
  .max(L.email, messages.emailInvalid)
  .transform((s) => s.trim())
  .refine((s) => s === '' || EMAIL_RE.test(s), messages.emailInvalid);

/** 10 digits (an organisation) or 12 (an entrepreneur) with the checksum; '' clears it. */
const innField = withoutControlChars(z.string({ error: messages.innInvalid }))
  .max(20, messages.innInvalid)
  .transform((s) => s.trim())
  .refine((s) => s === '' || isValidInn(s), messages.innInvalid);

/** The company blog's card details and contacts, for everyone. */
export const company = contract({
  method: 'GET',
  path: '/subsite/:id/company',
  access: 'anyone',
  params: idParams,
  response: z.object({ subsite_id: int, details: companyDetails }),
  errors: ['company_not_found'],
});
export type CompanyData = ContractOutput<typeof company>;

/** Its creator and admins (and the site's admins) change the details; each field optional, '' clears it. */
export const saveCompany = contract({
  method: 'POST',
  path: '/subsite/:id/company',
  access: 'active',
  params: idParams,
  body: plainBody({
    legal_name: textField(L.legalName).optional(),
    industry: textField(L.industry).optional(),
    city: textField(L.city).optional(),
    website: websiteField.optional(),
    phone: phoneField.optional(),
    email: emailField.optional(),
    address: textField(L.address).optional(),
    inn: innField.optional(),
    employees: emptyAs(null, intField(messages.companyEmployeesInvalid, 0, 10_000_000).nullable()).optional(),
    founded_year: emptyAs(null, intField(messages.companyYearInvalid, 1700, 2100).nullable()).optional(),
  }),
  response: z.object({ subsite_id: int, details: companyDetails }),
  errors: [
    'company_not_found',
    'company_forbidden',
    'company_website_invalid',
    'company_phone_invalid',
    'email_invalid',
    'inn_invalid',
    'company_employees_invalid',
    'company_year_invalid',
    'wrong_type',
  ],
});

const teamMember = z.object({
  id: int,
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  /** By the spec's names: creator, admin, moderator, editor, author. */
  role: z.string(),
});

/** The company's team, for everyone (its page's 'Команда' tab). */
export const team = contract({
  method: 'GET',
  path: '/subsite/:id/team',
  access: 'anyone',
  params: idParams,
  response: z.object({ items: z.array(teamMember) }),
  errors: ['company_not_found'],
});

/** The managers' cabinet: the team, the statistics and the promotion balance (kopecks). */
export const cabinet = contract({
  method: 'GET',
  path: '/subsite/:id/cabinet',
  access: 'user',
  params: idParams,
  response: z.object({
    subsite: subsiteCard,
    details: companyDetails,
    team: z.array(teamMember),
    stats: z.object({
      entries: int,
      views: int,
      comments: int,
      subscribers: int,
      vacancies: int,
      events: int,
    }),
    promotion_balance: int,
  }),
  errors: ['company_not_found', 'company_forbidden'],
});
export type CompanyCabinet = ContractOutput<typeof cabinet>;
export type TeamMember = z.output<typeof teamMember>;
