import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { PROMOTION_SOURCES, PROMOTION_TOPUP } from '../ads.ts';
import { cardFields, kopecks } from '../billing-fields.ts';
import { idField, plainBody } from '../validation.ts';
import { contract } from './contract.ts';
import { cardErrors, createResult } from './payments.ts';

/**
 * A company's promotion balance topped up by its managers from the cabinet (issue 30): from their balance or by card.
 * The amount is kopecks (a whole number within PROMOTION_TOPUP's roubles); the card's order keeps it and the company,
 * so nothing the provider's notification or the client says later changes what is credited.
 */

const params = z.object({ id: idField(messages.companyNotFound) });
const amount = kopecks(messages.promotionAmountInvalid, PROMOTION_TOPUP.min, PROMOTION_TOPUP.max);
const companyErrors = ['company_not_found', 'company_forbidden', 'promotion_amount_invalid'] as const;

export const topups = contract({
  method: 'GET',
  path: '/subsite/:id/promotion',
  access: 'user',
  params,
  response: z.object({
    items: z.array(z.object({ amount: z.number().int(), source: z.enum(PROMOTION_SOURCES), created_at: z.string() })),
  }),
  errors: ['company_not_found', 'company_forbidden'],
});

export const fromBalance = contract({
  method: 'POST',
  path: '/subsite/:id/promotion/balance',
  access: 'active',
  params,
  body: plainBody({ amount }),
  response: z.object({ balance: z.number().int(), promotion_balance: z.number().int() }),
  errors: [...companyErrors, 'balance_too_low'],
});

export const byCard = contract({
  method: 'POST',
  path: '/subsite/:id/promotion/card',
  access: 'active',
  params,
  body: plainBody({ amount, ...cardFields }),
  response: createResult,
  errors: [...companyErrors, ...cardErrors, 'email_required', 'email_invalid'],
});
