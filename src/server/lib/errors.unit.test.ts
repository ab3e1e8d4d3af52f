import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../../shared/catalogue.ts';
import { ApiError, badRequest, badRequestOf, errorBody, errorCode, notFound, parse } from './errors.ts';

describe('stable error codes', () => {
  it('names a refusal by its catalogue key in snake_case, the shortest key where texts are shared', () => {
    expect(notFound(messages.commentNotFound).code).toBe('comment_not_found');
    // «Запись не найдена» is entryNotFound, feedEntryNotFound, reactionEntryNotFound…: one code for one text.
    expect(notFound(messages.reactionEntryNotFound).code).toBe('entry_not_found');
    expect(badRequest(messages.paymentGiftSelf).code).toBe('payment_gift_self');
    expect(errorBody(new ApiError(429, messages.tooManyActions))).toEqual({
      rc: 429,
      rm: messages.tooManyActions,
      error: 'too_many_actions',
      data: {},
    });
  });

  it('keeps the key of a text built from values, and falls back to the status for a text outside the catalogue', () => {
    const err = badRequestOf('passkeyTooMany', 5);
    expect(err.message).toBe(messages.passkeyTooMany(5));
    expect(err.code).toBe('passkey_too_many');
    expect(errorCode('не из каталога', 404)).toBe('not_found');
    expect(errorCode('не из каталога', 503)).toBe('server_error');
    expect(errorCode('не из каталога', 422)).toBe('http_422');
  });

  it('gives fields refused by a schema one code, the fields in data.errors', () => {
    const schema = z.strictObject({ id: z.number() });
    const err = (() => {
      try {
        parse(schema, { id: 'x', extra: 1 });
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect(err!.code).toBe('invalid_input');
    expect(Object.keys((err!.data as { errors: object }).errors).sort()).toEqual(['_', 'id']);
  });

  it('every code is snake_case and every fixed catalogue text has one', () => {
    for (const [key, text] of Object.entries(messages))
      if (typeof text === 'string') expect(errorCode(text, 400), key).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});
