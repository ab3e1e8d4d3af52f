import type { CoverImage } from '../../../shared/blocks.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Entry } from '../../../shared/entries.ts';
import { ApiError } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';
import type { Role } from '../../../shared/api.ts';
import type { Ctx } from '../../context.ts';
import type { EntryFieldValues, EntryRow } from './queries.ts';

/**
 * The entry model's remaining fields (spec/content.md §3): who may set which, what a save writes, and how they are
 * answered. The author sets the marks of their own material; staff (moderators, administrators) also set the
 * editorial ones. A field of staff sent by someone else is refused unless it is sent unchanged (a form that echoes
 * the current value keeps working), like `is_hidden_from_main`.
 */

/**
 * How long `is_holdonmain` / `is_holdonflash` hold an entry at the top of the main feed / the flash block when no
 * `holdonmain_hours` / `holdonflash_hours` is given.
 */
export const HOLD_HOURS = 4;
/** At most this many entries are held at the top of each place at once (the newest holds win). */
export const HELD_MAX = 3;

export interface FieldsInput {
  is_advertisement?: boolean;
  is_still_updating?: boolean;
  is_enabled_best_comments?: boolean;
  is_show_thanks?: boolean;
  is_clean_cover?: boolean;
  custom_cover?: CoverImage | null;
  external_access?: boolean;
  renew_access_link?: boolean;
  forced_to_mainpage?: boolean;
  is_editorial?: boolean;
  is_holdonmain?: boolean;
  holdonmain_hours?: number;
  is_holdonflash?: boolean;
  holdonflash_hours?: number;
  is_special?: boolean;
  is_filled_by_editors?: boolean;
  is_enabled_ad?: boolean;
  is_disabled_apps?: boolean;
  custom_style?: string;
  withheld?: string[];
}

/** The staff fields as they are now: what a non-staff save may echo. A new entry has the defaults. */
export type StaffFieldsNow = Pick<
  Entry,
  | 'forced_to_mainpage'
  | 'is_editorial'
  | 'is_holdonmain'
  | 'is_holdonflash'
  | 'is_special'
  | 'is_filled_by_editors'
  | 'is_enabled_ad'
  | 'is_disabled_apps'
  | 'custom_style'
  | 'withheld'
>;

export const STAFF_DEFAULTS: StaffFieldsNow = {
  forced_to_mainpage: true,
  is_editorial: false,
  is_holdonmain: false,
  is_holdonflash: false,
  is_special: false,
  is_filled_by_editors: false,
  is_enabled_ad: true,
  is_disabled_apps: false,
  custom_style: '',
  withheld: [],
};

const STAFF_KEYS = Object.keys(STAFF_DEFAULTS) as (keyof StaffFieldsNow)[];

/** The two holds for a time: the flag, its length in hours, the column of its end. */
const HOLDS = [
  { flag: 'is_holdonmain', hours: 'holdonmain_hours', column: 'holdOnMainUntil' },
  { flag: 'is_holdonflash', hours: 'holdonflash_hours', column: 'holdOnFlashUntil' },
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** 403 when someone other than staff changes a staff field (or asks for a hold's length). */
export function assertFieldsAllowed(actor: { role: Role }, input: FieldsInput, now: StaffFieldsNow) {
  if (isStaff(actor)) return;
  const changed =
    STAFF_KEYS.find((k) => input[k] !== undefined && !same(input[k], now[k])) ??
    HOLDS.find((h) => input[h.hours] !== undefined && input[h.flag] !== now[h.flag])?.hours;
  if (changed) throw new ApiError(403, messages.entryFieldStaffOnly, { field: changed });
}

/**
 * The columns a save writes: only the fields sent; `forced_to_mainpage` is `is_hidden_from_main` negated; a hold
 * (`is_holdonmain`, `is_holdonflash`) starts when its flag turns on (sending it on again restarts it with the given
 * length) and ends when it turns off.
 */
export function fieldValues(
  input: FieldsInput,
  now: Date,
  staff: boolean,
): { fields: EntryFieldValues; isHiddenFromMain?: boolean } {
  const f: EntryFieldValues = {
    isAdvertisement: input.is_advertisement,
    isStillUpdating: input.is_still_updating,
    isEnabledBestComments: input.is_enabled_best_comments,
    isShowThanks: input.is_show_thanks,
    isCleanCover: input.is_clean_cover,
    customCover: input.custom_cover,
    externalAccess: input.external_access,
  };
  if (staff) {
    Object.assign(f, {
      isEditorial: input.is_editorial,
      isSpecial: input.is_special,
      isFilledByEditors: input.is_filled_by_editors,
      isEnabledAd: input.is_enabled_ad,
      isDisabledApps: input.is_disabled_apps,
      customStyle: input.custom_style,
      withheld: input.withheld,
    } satisfies EntryFieldValues);
    for (const h of HOLDS) {
      const on = input[h.flag];
      if (on !== undefined)
        f[h.column] = on ? new Date(now.getTime() + (input[h.hours] ?? HOLD_HOURS) * 3_600_000) : null;
    }
  }
  for (const k of Object.keys(f) as (keyof EntryFieldValues)[]) if (f[k] === undefined) delete f[k];
  const hidden = staff && input.forced_to_mainpage !== undefined ? { isHiddenFromMain: !input.forced_to_mainpage } : {};
  return { fields: f, ...hidden };
}

/** The region a reader's request comes from (ISO 3166-1 alpha-2), when the site knows it; see `COUNTRY_HEADER`. */
export type ReaderRegion = string | null;

export function regionOf(ctx: Ctx, headers: Record<string, string | string[] | undefined>): ReaderRegion {
  if (!ctx.config.countryHeader) return null;
  const value = headers[ctx.config.countryHeader];
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

interface Viewing {
  editor: boolean;
  region: ReaderRegion;
  publicUrl: string;
  entryUrl: string;
  now: Date;
}

/** Media blocks as attachments, in order: images, videos, audio. */
const ATTACH_TYPES = new Set(['media', 'video', 'audio']);

/** The fields of the entry model beyond the card's, as `GET /writing/get/{id}` and `/entry/{id}` answer them. */
export function presentFields(row: EntryRow, v: Viewing) {
  const withheldHere = !v.editor && v.region !== null && row.withheld.includes(v.region);
  const accessPath = `${v.entryUrl}?access=${row.access_token}`;
  const holding = (until: Date | null): until is Date => until !== null && until > v.now;
  const main = row.hold_on_main_until;
  const flash = row.hold_on_flash_until;
  return {
    path: v.entryUrl,
    subsite_name: row.subsite_name,
    forced_to_mainpage: !row.is_hidden_from_main,
    is_enabled_best_comments: row.is_enabled_best_comments,
    is_show_thanks: row.is_show_thanks,
    custom_cover: row.custom_cover,
    external_access: row.external_access,
    access_link: v.editor ? accessPath : null,
    external_access_link: v.editor ? v.publicUrl + accessPath : null,
    withheld: row.withheld,
    is_withheld_here: withheldHere,
    is_holdonmain: holding(main),
    holdonmain_until: holding(main) ? main.toISOString() : null,
    is_holdonflash: holding(flash),
    holdonflash_until: holding(flash) ? flash.toISOString() : null,
    is_special: row.is_special,
    is_filled_by_editors: row.is_filled_by_editors,
    is_enabled_ad: row.is_enabled_ad,
    is_disabled_apps: row.is_disabled_apps,
    custom_style: row.custom_style,
    attaches: withheldHere
      ? []
      : row.blocks.filter((b) => ATTACH_TYPES.has(b.type) && !b.hidden).map((b) => ({ type: b.type, data: b.data })),
  };
}

/** A card's cover from the entry's own image: a media block of one. */
export const customCoverBlock = (image: CoverImage) => ({ type: 'media', data: { items: [{ image }] } });

/** Whether the secret key opens this entry: its author shared the link and the key is the current one. */
export const accessOpens = (row: Pick<EntryRow, 'external_access' | 'access_token'>, key: string | undefined) =>
  key !== undefined && row.external_access && row.access_token === key;
