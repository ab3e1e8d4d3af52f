import type * as c from '../../../shared/api/billing.ts';
import { call } from '../../api/call.ts';

/**
 * The donation block's calls, apart from the rest of billing's (calls.ts): the block is on every entry page, whose
 * script budget the other calls would spend for nothing.
 */
export const donationCalls = {
  donate: (entryId: number, amount: number, message: string) =>
    call<typeof c.donateFromBalance>('POST /donations/balance', { entry_id: entryId, amount, message }),
  /** Card payments: the order number of `prepare` and its cryptogram; the buy popup's card form shows the errors. */
  donateByCard: (entryId: number | null, amount: number, message: string, card: CardFields) =>
    entryId === null
      ? call<typeof c.donateToSiteByCard>('POST /donations/site/card', { amount, message, ...card }, { notify: false })
      : call<typeof c.donateByCard>(
          'POST /donations/card',
          { entry_id: entryId, amount, message, ...card },
          { notify: false },
        ),
  donateToSite: (amount: number, message: string) =>
    call<typeof c.donateToSiteFromBalance>('POST /donations/site/balance', { amount, message }),
};

export interface CardFields {
  email: string;
  order: string;
  cryptogram: string;
}
