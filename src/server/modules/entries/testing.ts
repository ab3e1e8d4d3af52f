import { expect } from 'vitest';
import type { Visitor } from '../../testing/harness.ts';

type Json = Record<string, any>;

/** A text block as the editor sends it. */
export const text = (s: string) => ({ type: 'text', data: { text: s } });

/** Saves through POST /v3.0/writing/save as the editor does, expects success and answers the saved entry. */
export async function savedEntry(v: Visitor, body: Json): Promise<Json> {
  const res = await v.post('/v3.0/writing/save', body);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.entry as Json;
}
