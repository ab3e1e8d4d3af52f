/** Test helpers for card payments through the test cashier (used by the payments and billing tests). */
import { expect } from 'vitest';
import { decodeThreeDsResult, makeCryptogram, threeDsResultKey, type ThreeDsResult } from '../../../shared/payments.ts';
import type { PrepareData } from '../../../shared/api/payments.ts';
import type { Visitor } from '../../testing/harness.ts';

export const CARD = { month: '12', year: '30', cvv: '123' };
export const SUCCESS = '4012888888881881';
export const SUCCESS_3DS = '4242424242424242';
export const DECLINE = '4111111111111111';

export async function prepare(v: Visitor): Promise<PrepareData> {
  const res = await v.get('/v3.0/payments/accounts/orders/prepare');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

export async function cryptogram(p: PrepareData, number: string, order = p.order) {
  return makeCryptogram(p.cp_public, { number, ...CARD, order });
}

export async function buy(v: Visitor, stuffId: number, number: string, extra: Record<string, unknown> = {}) {
  const p = await prepare(v);
  const body = {
    data: { stuff_id: stuffId, email: 'buyer@example.ru', order: p.order, ...extra },
    cryptogram: await cryptogram(p, number),
  };
  return { p, body, res: await v.post('/v3.0/payments/accounts/orders/create', body) };
}

/** What a term_url page hands to the checkout: the value it stores under the step's key, as the checkout reads it. */
export function handedResult(body: string, transaction: string): ThreeDsResult | null {
  const m = /localStorage\.setItem\(("(?:[^"\\]|\\.)*"),("(?:[^"\\]|\\.)*")\)/.exec(body);
  if (!m || JSON.parse(m[1]) !== threeDsResultKey(transaction)) return null;
  return decodeThreeDsResult(JSON.parse(m[2]) as string);
}

/** The test bank's window: the ACS page, its confirm (or decline) form, then the post to term_url. */
export async function pass3ds(
  v: Visitor,
  data: { AcsUrl: string; PaReq: string; TransactionId: string; term_url: string },
  decision: 'confirm' | 'decline',
  code = '4242',
  /** Wrong codes typed before this answer. */
  tries = 0,
) {
  const acs = new URL(data.AcsUrl).pathname;
  const pageRes = await v.post(
    acs,
    { PaReq: data.PaReq, MD: data.TransactionId, TermUrl: data.term_url },
    { as: 'form', csrf: false },
  );
  expect(pageRes.statusCode).toBe(200);
  expect(pageRes.body).toContain('4242');
  const answered = await v.post(
    acs,
    { PaReq: data.PaReq, MD: data.TransactionId, TermUrl: data.term_url, code, decision, tries },
    { as: 'form', csrf: false },
  );
  const paRes = /name="PaRes" value="([^"]*)"/.exec(answered.body)![1];
  return v.post(new URL(data.term_url).pathname, { MD: data.TransactionId, PaRes: paRes }, { as: 'form', csrf: false });
}
