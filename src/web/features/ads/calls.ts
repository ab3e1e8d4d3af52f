import type { AdPlace } from '../../../shared/ads.ts';
import type { ContractInput } from '../../../shared/api/contract.ts';
import type * as c from '../../../shared/api/distributions.ts';
import type * as a from '../../../shared/api/analytics.ts';
import type * as b from '../../../shared/api/booster.ts';
import type * as p from '../../../shared/api/promotion.ts';
import { call, callAtRoot } from '../../api/call.ts';
import { fingerprintHeaders } from '../quiz/fingerprint.ts';

/** The distributions' calls of the web client (src/shared/api/distributions.ts). */
export const adsCalls = {
  random: (query: ContractInput<typeof c.random>) =>
    call<typeof c.random>('GET /distributions/random', query, { notify: false }),
  hit: (id: number, place: AdPlace) =>
    call<typeof c.hit>('POST /distributions/:id/hit', { id, place }, { notify: false }),
  create: (body: Record<string, unknown>) =>
    call<typeof c.create>('POST /admin/distributions/create', body as Parameters<typeof call<typeof c.create>>[1]),
  edit: (id: number, body: Record<string, unknown>) =>
    call<typeof c.edit>('POST /admin/distributions/:id/edit', {
      ...(body as Parameters<typeof call<typeof c.create>>[1]),
      id,
    }),
  setState: (id: number, state: string) =>
    call<typeof c.setState>('POST /admin/distributions/:id/state', {
      id,
      state: state as 'launched',
    }),
  setPrices: (native: number, banner: number) =>
    call<typeof c.setPrices>('POST /admin/distributions/prices', { native, banner }),
  analytics: (body: ContractInput<typeof a.analyticsEvent>, leaving: boolean) =>
    call<typeof a.analyticsEvent>('POST /analytics-event', body, {
      notify: false,
      keepalive: leaving,
      // The quiz's fingerprint cookie: unique readers of a browser with no account.
      headers: fingerprintHeaders(),
    }),
  boosterOffer: (query: ContractInput<typeof b.offer>) =>
    call<typeof b.offer>('GET /booster/:entry_id', query, { notify: false }),
  boosterBuy: (body: ContractInput<typeof b.buy>) => call<typeof b.buy>('POST /booster/:entry_id', body),
  promotionFromBalance: (id: number, amount: number) =>
    call<typeof p.fromBalance>('POST /subsite/:id/promotion/balance', { id, amount }, { notify: false }),
  promotionByCard: (id: number, amount: number, card: { email: string; order: string; cryptogram: string }) =>
    call<typeof p.byCard>('POST /subsite/:id/promotion/card', { id, amount, ...card }, { notify: false }),
  sendRequest: (body: Record<string, string>) =>
    callAtRoot<typeof c.sendRequest>('POST /ad/request', body as Parameters<typeof call<typeof c.sendRequest>>[1]),
};
