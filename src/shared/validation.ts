import { z } from 'zod';
import { PROMO_CODE_RE } from './billing.ts';
import { messages } from './catalogue.ts';

/** Validation rules of spec/foundation.md §5, shared by the server and the forms. */
import { EMAIL_MAX, EMAIL_RE, NAME_MAX, NAME_MIN, NAME_RE, PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';

export { EMAIL_MAX, EMAIL_RE, NAME_MAX, NAME_MIN, NAME_RE, PASSWORD_MAX, PASSWORD_MIN };

/** A string of only whitespace collapses to empty; inner runs of whitespace become one space. */
export const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

const str = (required: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? required : messages.wrongType) });

/**
 * C0 controls other than tab and line feed, DEL, and C1 controls: never part of what a person meant to send.
 * Free text loses them in request parsing (`parse` on the server); an identifier holding one is refused.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
export const hasControlChars = (s: string) => s.search(CONTROL_CHARS) !== -1;

/** Whether any string in plain data (objects, arrays; files and class instances aside) holds a control character. */
export function anyControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlChars(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null && !Array.isArray(value)) return false;
  return Object.values(value).some((v) => anyControlChars(v, depth + 1));
}

/** An identifier (email, slug, URL, token) with a control character is refused, never silently cleaned. */
export const withoutControlChars = <S extends z.ZodType<string>>(schema: S) =>
  schema.refine((s) => !hasControlChars(s), { message: messages.controlCharacters, abort: true });

/** A promo code (billing's codes): trimmed, upper-cased, Latin letters, digits, '-' and '_'. */
export const promoCodeField = withoutControlChars(z.string({ error: messages.promoCodeInvalid }))
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => PROMO_CODE_RE.test(s), messages.promoCodeInvalid);

export const emailField = withoutControlChars(str(messages.emailRequired))
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, messages.emailRequired)
      .max(EMAIL_MAX, messages.emailInvalid)
      .regex(EMAIL_RE, messages.emailInvalid),
  );

export const nameField = str(messages.nameRequired)
  .transform(collapse)
  .pipe(
    z
      .string()
      .min(1, messages.nameRequired)
      .min(NAME_MIN, messages.nameTooShort)
      .max(NAME_MAX, messages.nameTooLong)
      .regex(NAME_RE, messages.nameInvalid),
  );

// Kept exactly as typed, but a string of only whitespace counts as empty (spec/foundation.md §5).
export const passwordField = str(messages.passwordRequired)
  .refine((v) => v.trim().length > 0, { message: messages.passwordRequired, abort: true })
  .pipe(z.string().min(PASSWORD_MIN, messages.passwordTooShort).max(PASSWORD_MAX, messages.passwordTooLong));

/** Bodies carry `mode=raw` by default (spec/foundation.md §7); it is accepted everywhere and ignored. */
const envelopeExtras = { mode: z.string({ error: messages.wrongType }).max(16, messages.tooLong(16)).optional() };

/** An object's own errors: an unknown field is named, anything else (missing, wrong type) gets `fallback`. */
const objectError = (fallback: string) => (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? messages.unknownField((iss.keys ?? []).join(', ')) : fallback;

/** A body of `values[...]` fields, as the auth forms send them. Unknown fields are refused. */
export const valuesBody = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(
    { values: z.strictObject(shape, { error: objectError(messages.fieldRequired) }), ...envelopeExtras },
    { error: objectError(messages.badRequest) },
  );

export const plainBody = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, ...envelopeExtras }, { error: objectError(messages.badRequest) });

/** The sign-up honeypot: a field people never see (hidden off-screen); anything in it marks a bot (modules/captcha). */
const honeypotField = z.string({ error: messages.signupRefused }).max(500, messages.signupRefused).optional();
export const registerBody = valuesBody({
  name: nameField,
  email: emailField,
  password: passwordField,
  website: honeypotField,
});
export const loginBody = valuesBody({
  email: emailField,
  password: str(messages.passwordRequired)
    .min(1, messages.passwordRequired)
    .max(PASSWORD_MAX, messages.wrongCredentials),
});
export const recoverRequestBody = valuesBody({ email: emailField });
export const recoverTokenField = z
  .string({ error: messages.recoverTokenInvalid })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, messages.recoverTokenInvalid);
export const recoverDoBody = valuesBody({ token: recoverTokenField, password: passwordField });

export type RegisterBody = z.infer<typeof registerBody>;

/**
 * Field parsers shared by every route: a form string and a JSON value give the same result. An id is decimal digits
 * only (no signs, spaces inside, hex, exponents or fractions), 1…2³¹−1, as a JSON integer or a string.
 */
export const ID_MAX = 2 ** 31 - 1;
const DIGITS = /^\d{1,16}$/;

/** '12' → 12, 12 → 12; anything else (' 12' included) is left for the number check to refuse. */
const fromDigits = (v: unknown) => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v);

/** A whole number from JSON or a form field, within `min…max`. */
export const intField = (rm: string, min = 0, max = ID_MAX) =>
  z.preprocess(fromDigits, z.number({ error: rm }).int(rm).min(min, rm).max(max, rm));

/** A database id: 1…2³¹−1. */
export const idField = (rm: string) => intField(rm, 1, ID_MAX);

/** An optional parent id (`reply_to`): absent, null, '' or 0 (as a form sends it) means none → null. */
export const parentIdField = (rm: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : v),
    idField(rm).nullable(),
  );

/** A flag: true/false, 1/0 from JSON; 'true'/'false', '1'/'0' from a form. */
export const flagField = (rm: string) =>
  z.preprocess(
    (v) =>
      v === true || v === 1 || v === '1' || v === 'true'
        ? true
        : v === false || v === 0 || v === '0' || v === 'false'
          ? false
          : v,
    z.boolean({ error: rm }),
  );

/** Ids as a JSON array, repeated form fields, or one comma-separated string; at most `max`. */
export const idListField = (rm: string, max: number, tooMany = rm) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(idField(rm), { error: rm }).max(max, tooMany),
  );

/**
 * A list from JSON or a form: an array as it is, a lone string as a list of one (`urls=…` beside `urls[]=…`), or,
 * with `comma`, a comma-separated string (an empty one is no items).
 */
export const listField = <S extends z.ZodType>(list: S, { comma = false } = {}) =>
  z.preprocess((v) => (typeof v !== 'string' ? v : !comma ? [v] : v ? v.split(',') : []), list);

/** A field whose empty form value (`''`, or null from JSON) means absent: `empty` stands in for it. */
export const emptyAs = <S extends z.ZodType>(empty: undefined | null, field: S) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? empty : v), field);

/** A decimal number as text; `Number('')` would be 0 and `Number('1e400')` Infinity, so the shape is checked first. */
export const decimalField = (rm: string) =>
  z
    .string({ error: rm })
    .max(40, rm)
    .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, rm)
    .transform(Number)
    .pipe(z.number({ error: rm }).finite(rm));

/** The id in front of `{id}-{slug}` (a blog's address): the id rule applies to it, the slug is not checked. */
export const leadingIdField = (rm: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split('-', 1)[0] : v), idField(rm));

/** A microsecond UTC timestamp (`2026-01-02T03:04:05.123456Z`) that is a real date: a list's cursor. */
const SORT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;
const isSortingValue = (v: string) => {
  const m = SORT_RE.exec(v);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    y >= 1970
  );
};
export const microsecondTimeField = (rm: string) => z.string({ error: rm }).refine(isSortingValue, rm);
