import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { AD_DEVICES, BOOSTER_LIMITS as B, BOOSTER_SOURCES } from '../ads.ts';
import { idField, intField, plainBody } from '../validation.ts';
import { contract } from './contract.ts';
import { choice } from './vacancies.ts';

/** The booster (issue 30 point 2; spec/content.md §1 `?booster={id}`): an author promotes an entry. */

const params = z.object({ entry_id: idField(messages.boosterEntryNotFound) });
const choiceInput = {
  budget: intField(messages.boosterBudgetInvalid, B.minBudget, B.maxBudget),
  days: intField(messages.boosterDaysInvalid, 1, B.maxDays),
  /** None or both: every device. */
  device: choice(AD_DEVICES, messages.distributionDeviceInvalid).optional(),
};

/** What the constructor shows; every figure computed on the server. Money in kopecks, prices in roubles. */
export const boosterOffer = z.object({
  entry: z.object({ id: z.number().int(), title: z.string(), url: z.string() }),
  price: z.number().int(),
  balance: z.number().int(),
  promotion: z.object({ subsite_id: z.number().int(), name: z.string(), balance: z.number().int() }).nullable(),
  daily_readers: z.number().int(),
  estimate: z.object({ cost: z.number().int(), impressions: z.number().int(), reach: z.number().int() }),
  /** A booster of this entry still running (then a new one is refused). */
  running: z.number().int().nullable(),
});
export type BoosterOffer = z.output<typeof boosterOffer>;

export const offer = contract({
  method: 'GET',
  path: '/booster/:entry_id',
  access: 'user',
  params,
  query: plainBody({
    budget: choiceInput.budget.optional(),
    days: choiceInput.days.optional(),
    device: choiceInput.device,
  }),
  response: boosterOffer,
  errors: [
    'booster_entry_not_found',
    'booster_not_yours',
    'booster_budget_invalid',
    'booster_days_invalid',
    'distribution_device_invalid',
  ],
});

/** Pays and starts a booster: the cost is the budget, the impressions are the server's; no amount is taken from here. */
export const buy = contract({
  method: 'POST',
  path: '/booster/:entry_id',
  access: 'active',
  params,
  body: plainBody({ ...choiceInput, pay_from: choice(BOOSTER_SOURCES, messages.boosterSourceInvalid) }),
  response: z.object({
    id: z.number().int(),
    cost: z.number().int(),
    impressions: z.number().int(),
    ends_on: z.string(),
  }),
  errors: [
    'booster_entry_not_found',
    'booster_not_yours',
    'booster_budget_invalid',
    'booster_days_invalid',
    'booster_source_invalid',
    'booster_no_company',
    'booster_promotion_too_low',
    'booster_already_running',
    'balance_too_low',
    'distribution_device_invalid',
  ],
});
