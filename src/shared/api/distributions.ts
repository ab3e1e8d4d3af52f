import { z } from 'zod';
import { messages } from '../catalogue.ts';
import {
  AD_DAY_RE,
  AD_DEVICES,
  AD_FORMATS,
  AD_IMAGE_RE,
  AD_LIMITS as L,
  AD_PLACES,
  AD_SECTIONS,
  AD_STATES,
  ERID_RE,
  PIXEL_RN_RE,
} from '../ads.ts';
import { isValidInn } from '../billing.ts';
import { normalizeHashtag } from '../hashtags.ts';
import {
  emailField,
  emptyAs,
  idField,
  idListField,
  intField,
  listField,
  plainBody,
  withoutControlChars,
} from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';
import { optionalText, text } from './board.ts';
import { choice, httpUrl } from './vacancies.ts';

/** Distributions: the site's own ads (issue 30; spec/content.md §3 "Distribution unit", §7 "Ads and widgets"). */

const idParams = z.object({ id: idField(messages.distributionIdInvalid) });
const place = choice(AD_PLACES, messages.distributionPlaceInvalid);

/** spec/content.md §3: id, title, url, isPaidAndBannersEnabled; and what the unit draws with its legal marking. */
export const unitData = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  /** The reader has Plus and has not switched ads off: the unit offers to switch them off. */
  isPaidAndBannersEnabled: z.boolean(),
  format: z.enum(AD_FORMATS),
  text: z.string(),
  image_url: z.string(),
  advertiser: z.string(),
  inn: z.string(),
  erid: z.string(),
  /** An author's promoted entry (the booster): marked «Продвигается» and the author's name, not «Реклама». */
  boosted: z.boolean(),
});
export type UnitData = z.output<typeof unitData>;

/**
 * A unit for one place of this page, or null: none fits, the reader has Plus with ads off, or the page has none. The
 * page tells what it is: the entry under which (its tags and subsite target), or the subsite, the section, the device.
 */
export const random = contract({
  method: 'GET',
  path: '/distributions/random',
  access: 'anyone',
  query: plainBody({
    place,
    entry_id: idField(messages.distributionContextInvalid).optional(),
    subsite_id: idField(messages.distributionContextInvalid).optional(),
    section: choice(AD_SECTIONS, messages.distributionSectionInvalid).optional(),
    device: choice(AD_DEVICES, messages.distributionDeviceInvalid).optional(),
  }),
  response: z.object({ unitData: unitData.nullable() }),
  errors: [
    'distribution_place_invalid',
    'distribution_context_invalid',
    'distribution_section_invalid',
    'distribution_device_invalid',
  ],
});

/** A unit was shown in a place: counted toward its cap and the reader's frequency (statistics read the rows later). */
export const hit = contract({
  method: 'POST',
  path: '/distributions/:id/hit',
  access: 'anyone',
  params: idParams,
  body: plainBody({ place }),
  response: z.object({ id: z.number().int(), impressions: z.number().int() }),
  errors: [
    'distribution_id_invalid',
    'distribution_not_found',
    'distribution_place_invalid',
    'distribution_place_not_targeted',
  ],
});

// ── Staff ────────────────────────────────────────────────────────────────────────────────────────────────────────

const day = emptyAs(
  null,
  withoutControlChars(z.string({ error: messages.distributionDayInvalid }))
    .regex(AD_DAY_RE, messages.distributionDayInvalid)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), messages.distributionDayInvalid)
    .nullable(),
).optional();
const optionalInt = (rm: string, max: number) => emptyAs(null, intField(rm, 1, max).nullable()).optional();
const enumList = <T extends readonly [string, ...string[]]>(values: T, rm: string, min = 0) =>
  listField(z.array(choice(values, rm), { error: rm }).min(min, rm).max(values.length, rm), { comma: true }).transform(
    (v) => [...new Set(v)],
  );
const tags = listField(
  z
    .array(z.string({ error: messages.distributionTagsInvalid }).max(60, messages.distributionTagsInvalid), {
      error: messages.distributionTagsInvalid,
    })
    .max(L.tags, messages.distributionTagsInvalid),
  { comma: true },
)
  .transform((v, c) => {
    const out = v.filter((s) => s.trim() !== '').map((s) => normalizeHashtag(s.trim().replace(/^#/, '')));
    if (out.some((s) => s === null)) c.addIssue({ code: 'custom', message: messages.distributionTagsInvalid });
    return [...new Set(out.filter((s): s is string => s !== null))];
  })
  .optional();

/** A campaign as staff write it; what the format needs and the dates' order are checked together. */
export const distributionBody = plainBody({
  format: choice(AD_FORMATS, messages.distributionFormatInvalid),
  title: text(messages.distributionTitleRequired, messages.distributionTitleRequired, L.title),
  text: optionalText(messages.distributionTextInvalid, L.text),
  image_url: emptyAs(
    undefined,
    withoutControlChars(z.string({ error: messages.distributionImageInvalid }))
      .max(L.url, messages.distributionImageInvalid)
      .regex(AD_IMAGE_RE, messages.distributionImageInvalid)
      .optional(),
  ).optional(),
  url: httpUrl(messages.distributionUrlInvalid, L.url),
  advertiser: text(messages.distributionAdvertiserRequired, messages.distributionAdvertiserRequired, L.advertiser),
  inn: z.string({ error: messages.distributionInnInvalid }).refine(isValidInn, messages.distributionInnInvalid),
  erid: emptyAs(
    undefined,
    z.string({ error: messages.distributionEridInvalid }).regex(ERID_RE, messages.distributionEridInvalid).optional(),
  ).optional(),
  places: enumList(AD_PLACES, messages.distributionPlacesRequired, 1),
  tags,
  subsite_ids: emptyAs(undefined, idListField(messages.distributionSubsitesInvalid, L.subsites).optional()).optional(),
  sections: emptyAs(undefined, enumList(AD_SECTIONS, messages.distributionSectionInvalid).optional()).optional(),
  devices: enumList(AD_DEVICES, messages.distributionDevicesRequired, 1),
  starts_on: day,
  ends_on: day,
  budget: optionalInt(messages.distributionBudgetInvalid, L.budget),
  impression_cap: optionalInt(messages.distributionCapInvalid, L.impressions),
  frequency_cap: optionalInt(messages.distributionFrequencyInvalid, L.frequency),
}).superRefine((v, c) => {
  if (v.starts_on && v.ends_on && v.starts_on > v.ends_on)
    c.addIssue({ code: 'custom', path: ['ends_on'], message: messages.distributionDaysOrder });
  if (v.budget == null && v.impression_cap == null)
    c.addIssue({ code: 'custom', path: ['impression_cap'], message: messages.distributionLimitRequired });
  if (v.format === 'native' && !v.text)
    c.addIssue({ code: 'custom', path: ['text'], message: messages.distributionNativeTextRequired });
  if (v.format === 'banner' && !v.image_url)
    c.addIssue({ code: 'custom', path: ['image_url'], message: messages.distributionImageInvalid });
});
export type DistributionInput = z.output<typeof distributionBody>;

const version = z.object({
  format: z.enum(AD_FORMATS),
  title: z.string(),
  text: z.string(),
  image_url: z.string(),
  url: z.string(),
  advertiser: z.string(),
  inn: z.string(),
  erid: z.string(),
  places: z.array(z.enum(AD_PLACES)),
  tags: z.array(z.string()),
  subsite_ids: z.array(z.number().int()),
  sections: z.array(z.enum(AD_SECTIONS)),
  devices: z.array(z.enum(AD_DEVICES)),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  budget: z.number().int().nullable(),
  impression_cap: z.number().int().nullable(),
  frequency_cap: z.number().int().nullable(),
});
export type DistributionVersionData = z.output<typeof version>;

/** A campaign as staff see it: the last change, when it shows, what shows until then, its count and limit. */
export const distribution = version.extend({
  id: z.number().int(),
  state: z.enum(AD_STATES),
  /** ISO: when the last change (or the launch) shows, after the hold. */
  version_from: z.string(),
  /** The version live until then (null: none yet). */
  shown: version.nullable(),
  impressions: z.number().int(),
  /** The impressions its cap or budget allows (null: no limit). */
  impression_limit: z.number().int().nullable(),
  created_at: z.string(),
});
export type DistributionData = z.output<typeof distribution>;

export const staffList = contract({
  method: 'GET',
  path: '/admin/distributions',
  access: 'staff',
  response: z.object({ items: z.array(distribution) }),
});

export const create = contract({
  method: 'POST',
  path: '/admin/distributions/create',
  access: 'staff',
  body: distributionBody,
  response: distribution,
  errors: [
    'distribution_format_invalid',
    'distribution_title_required',
    'distribution_text_invalid',
    'distribution_native_text_required',
    'distribution_image_invalid',
    'distribution_url_invalid',
    'distribution_advertiser_required',
    'distribution_inn_invalid',
    'distribution_erid_invalid',
    'distribution_places_required',
    'distribution_tags_invalid',
    'distribution_subsites_invalid',
    'distribution_section_invalid',
    'distribution_devices_required',
    'distribution_day_invalid',
    'distribution_days_order',
    'distribution_budget_invalid',
    'distribution_cap_invalid',
    'distribution_limit_required',
    'distribution_frequency_invalid',
  ],
});

export const edit = contract({
  method: 'POST',
  path: '/admin/distributions/:id/edit',
  access: 'staff',
  params: idParams,
  body: distributionBody,
  response: distribution,
  errors: [...create.errors, 'distribution_id_invalid', 'distribution_not_found', 'distribution_archived'],
});

/** launched / not_launched / archived; an archived campaign stays so. */
export const setState = contract({
  method: 'POST',
  path: '/admin/distributions/:id/state',
  access: 'staff',
  params: idParams,
  body: plainBody({ state: choice(AD_STATES, messages.distributionStateInvalid) }),
  response: distribution,
  errors: ['distribution_id_invalid', 'distribution_not_found', 'distribution_state_invalid', 'distribution_archived'],
});

const price = intField(messages.adPriceInvalid, 1, L.price);
export const adPrices = z.object({ native: z.number().int(), banner: z.number().int() });

/** Staff set the prices per thousand impressions that /ad shows and budgets buy at. */
export const setPrices = contract({
  method: 'POST',
  path: '/admin/distributions/prices',
  access: 'staff',
  body: plainBody({ native: price, banner: price }),
  response: adPrices,
  errors: ['ad_price_invalid'],
});

export const adRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  format: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type AdRequestData = z.output<typeof adRequest>;

export const requests = contract({
  method: 'GET',
  path: '/admin/distributions/requests',
  access: 'staff',
  response: z.object({ items: z.array(adRequest) }),
});

// ── /ad and the probes (site root) ───────────────────────────────────────────────────────────────────────────────

/** An advertiser's request from /ad: kept for staff and sent to them as a letter. */
export const sendRequest = contract({
  method: 'POST',
  path: '/ad/request',
  access: 'anyone',
  body: plainBody({
    name: text(messages.adRequestNameRequired, messages.adRequestNameRequired, L.requestName),
    email: emailField,
    company: optionalText(messages.adRequestCompanyInvalid, L.requestCompany),
    format: emptyAs(undefined, choice(AD_FORMATS, messages.distributionFormatInvalid).optional()).optional(),
    message: text(messages.adRequestMessageRequired, messages.adRequestMessageRequired, L.requestMessage),
  }),
  response: z.object({ id: z.number().int() }),
  errors: [
    'ad_request_name_required',
    'email_required',
    'email_invalid',
    'ad_request_company_invalid',
    'distribution_format_invalid',
    'ad_request_message_required',
  ],
});
export type AdRequestResult = ContractOutput<typeof sendRequest>;

/** The ad-block probe (spec/content.md §7): a blocker refuses a picture named so. */
export const advertGif = contract({
  method: 'GET',
  path: '/advert.gif',
  access: 'anyone',
  query: z.record(z.string(), z.unknown()),
  raw: { type: 'image/gif', description: 'A transparent 1×1 picture, never cached' },
});

/** The two pixel probes: `ch` 1 or 2, `rn` a random token against caches. */
export const pixel = contract({
  method: 'GET',
  path: '/px.gif',
  access: 'anyone',
  query: plainBody({
    ch: intField(messages.pixelInvalid, 1, 2),
    rn: z.string({ error: messages.pixelInvalid }).regex(PIXEL_RN_RE, messages.pixelInvalid),
  }),
  raw: { type: 'image/gif', description: 'A transparent 1×1 picture, never cached' },
  errors: ['pixel_invalid'],
});
