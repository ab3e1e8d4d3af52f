import { z } from 'zod';
import { messages } from '../../shared/catalogue.ts';
import { anyControlChars, CONTROL_CHARS } from '../../shared/validation.ts';

type Catalogue = typeof messages;
/** Catalogue entries that are texts built from values (a limit, a name). */
type MessageMaker = {
  [K in keyof Catalogue]: Catalogue[K] extends (...args: never[]) => string ? K : never;
}[keyof Catalogue];

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Each fixed text of the catalogue to its code: the snake_case of its key, the shortest where keys share a text. */
const CODES = (() => {
  const codes = new Map<string, string>();
  for (const [key, text] of Object.entries(messages)) {
    if (typeof text !== 'string') continue;
    const shortest = codes.get(text);
    if (shortest === undefined || snake(key).length < shortest.length) codes.set(text, snake(key));
  }
  return codes;
})();

const STATUS_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  418: 'captcha_required',
  429: 'too_many_requests',
};

/**
 * The stable code of a refusal, for programs to branch on beside the Russian `rm` (as Misskey's endpoint errors):
 * the catalogue key of its text in snake_case (`messages.commentNotFound` → `comment_not_found`), else the status's.
 */
export const errorCode = (rm: string, rc: number) =>
  CODES.get(rm) ?? STATUS_CODES[rc] ?? (rc >= 500 ? 'server_error' : `http_${rc}`);

/** Every code a refusal can carry: the catalogue's (fixed texts and texts built from values), the statuses', invalid_input. */
export const knownErrorCodes = (): ReadonlySet<string> =>
  new Set([
    ...CODES.values(),
    ...Object.entries(messages)
      .filter(([, text]) => typeof text === 'function')
      .map(([key]) => snake(key)),
    ...Object.values(STATUS_CODES),
    'invalid_input',
  ]);

/** An answer the client acts on: rc is the HTTP status too, rm a Russian message from the catalogue, error its code. */
export class ApiError extends Error {
  rc: number;
  data: unknown;
  code: string;
  constructor(rc: number, rm: string, data: unknown = {}, code = errorCode(rm, rc)) {
    super(rm);
    this.rc = rc;
    this.data = data;
    this.code = code;
  }
}

/**
 * A value the code itself guarantees (a row read back right after writing it): none is a bug, a 500 that names what
 * was missing, never a refusal to the caller.
 */
export function expected<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, found none`);
  return value;
}

/** The envelope of a refusal. */
export const errorBody = (err: ApiError) => ({ rc: err.rc, rm: err.message, error: err.code, data: err.data ?? {} });

export const badRequest = (rm: string, data?: unknown) => new ApiError(400, rm, data);
/** A 400 whose text is built from values (`messages.passkeyTooMany(5)`): the code is still its key's. */
export const badRequestOf = <K extends MessageMaker>(key: K, ...args: Parameters<Catalogue[K]>) =>
  new ApiError(400, (messages[key] as (...a: Parameters<Catalogue[K]>) => string)(...args), {}, snake(key));
export const unauthorized = () => new ApiError(401, messages.authRequired);
export const forbidden = (rm: string = messages.forbidden) => new ApiError(403, rm);
export const notFound = (rm: string = messages.notFound) => new ApiError(404, rm);

/**
 * A string with half of a UTF-16 pair (`"\ud83d"` in JSON) is not text: PostgreSQL's jsonb refuses it, so it is
 * refused here, in what the schema produced (a field may hold JSON that the schema itself unpacks).
 */
function malformedText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !value.isWellFormed();
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => malformedText(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.entries(value).some(([k, v]) => !k.isWellFormed() || malformedText(v, depth + 1));
}

const fieldOf = (path: PropertyKey[]) =>
  path
    .filter((p) => p !== 'values')
    .map(String)
    .join('.') || '_';

const isPlain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
};

/** The same fields with control characters taken out of every string. */
function withoutControl(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(CONTROL_CHARS, '');
  if (depth > 32 || value === null || typeof value !== 'object' || !isPlain(value)) return value;
  if (Array.isArray(value)) return value.map((v) => withoutControl(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutControl(v, depth + 1)]));
}

/**
 * Validates input against a zod schema; failures become rc 400 with a message per field.
 * Control characters (but tab and line feed) leave free text here, the one place every route's input passes;
 * fields that refuse them (identifiers: `withoutControlChars`) are checked on the input as it came.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const raw = input ?? {};
  const dirty = anyControlChars(raw);
  const result = schema.safeParse(dirty ? withoutControl(raw) : raw);
  if (result.success) {
    if (dirty) {
      const asSent = schema.safeParse(raw);
      const refused = !asSent.success && asSent.error.issues.find((i) => i.message === messages.controlCharacters);
      if (refused)
        throw badRequest(messages.controlCharacters, {
          errors: { [fieldOf(refused.path)]: messages.controlCharacters },
        });
    }
    if (malformedText(result.data)) throw badRequest(messages.malformedText);
    return result.data;
  }
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    if (errors[field]) continue;
    errors[field] =
      issue.code === 'unrecognized_keys'
        ? messages.unknownField(issue.keys.join(', '))
        : issue.code === 'invalid_type' && issue.input === undefined && !/[А-Яа-я]/.test(issue.message)
          ? messages.fieldRequired
          : /[А-Яа-яЁё]/.test(issue.message)
            ? issue.message
            : messages.badRequest;
  }
  const first = Object.values(errors)[0] ?? messages.badRequest;
  // One code for any field refused by its schema; `data.errors` names the fields.
  throw new ApiError(400, first, { errors }, 'invalid_input');
}
