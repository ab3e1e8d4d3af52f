import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/catalogue.ts';
import { anyControlChars } from '../../../shared/validation.ts';
import { entries } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp } from '../../testing/harness.ts';

/**
 * The editor sends an entry's blocks as JSON text inside the request (`entry`), so a `\u0000` escape in it becomes a
 * NUL only after the request's own clean-up of control characters; PostgreSQL's jsonb refuses it (a 500 before).
 * Every block string sent as JSON text with any control character: a 400 in Russian, nothing stored.
 */
const { t } = useTestApp();
const SAVE = '/v3.0/writing/save';

const control = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085');
const plainText = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s));
/** A text with a control character somewhere in it. */
const dirty = fc.tuple(plainText, control, plainText).map(([a, c, b]) => `${a}${c}${b}`);
/** Blocks whose string fields take free text, one of them dirty. */
const blocks = fc.oneof(
  dirty.map((s) => [{ type: 'text', data: { text: s } }]),
  dirty.map((s) => [{ type: 'header', data: { text: s, level: 2 } }]),
  dirty.map((s) => [{ type: 'list', data: { style: 'unordered', items: ['пункт', s] } }]),
  fc.tuple(dirty, plainText).map(([s, c]) => [{ type: 'quote', data: { text: c, caption: s } }]),
  dirty.map((s) => [{ type: 'incut', data: { text: s } }]),
);

describe('POST /v3.0/writing/save with control characters inside the entry', () => {
  it('answers a NUL escaped in the entry JSON text with a 400 in Russian (form, as the editor sends it)', async () => {
    const { v } = await newUser(t.app, 'Автор Символов');
    const before = (await t.database.db.select({ n: count() }).from(entries))[0].n;
    const res = await v.post(
      SAVE,
      { title: 'Запись', entry: '[{"type":"text","data":{"text":"a\\u0000b"}}]', is_published: 0 },
      { as: 'form' },
    );
    isRussianError(res, 400);
    expect(res.json().rm).toBe(messages.controlCharacters);
    expect((await t.database.db.select({ n: count() }).from(entries))[0].n).toBe(before);
  });

  it('refuses a control character in any block string sent as JSON text, cleans it from a JSON array; never a 5xx', async () => {
    const { v } = await newUser(t.app, 'Автор Свойств');
    await fc.assert(
      fc.asyncProperty(blocks, fc.boolean(), async (entry, asText) => {
        const res = await v.post(SAVE, {
          title: 'Запись',
          entry: asText ? JSON.stringify(entry) : entry,
          is_published: 0,
        });
        if (asText) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().rm).toBe(messages.controlCharacters);
        } else {
          // Free text in the request itself loses control characters (http/errors.ts parse).
          expect(res.statusCode, res.body).toBe(200);
          expect(anyControlChars(res.json().data.entry.blocks)).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });
});
