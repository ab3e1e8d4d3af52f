import { z } from 'zod';
import type { CompanySuggestion } from '../../../shared/api/billing.ts';
import type { Ctx } from '../../context.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import * as q from './queries.ts';

/** Where the invoice form's company suggestions come from (spec/content.md §7: value, inn, kpp, address). */
export interface CompanySuggester {
  suggest(ctx: Ctx, query: string, count: number): Promise<CompanySuggestion[]>;
}

/** The default: companies this site has already invoiced, so a returning buyer types a few letters. */
export const knownCompanies: CompanySuggester = {
  suggest: (ctx, query, count) => q.knownCompanies(ctx.db, query, count),
};

const DadataAnswer = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      data: z.object({
        inn: z.string().nullish(),
        kpp: z.string().nullish(),
        address: z.object({ value: z.string().nullish() }).nullish(),
      }),
    }),
  ),
});

/**
 * A DaData-compatible party lookup: `POST {url}` with `Authorization: Token {key}` and `{query, count}`, answering
 * `suggestions[]` of `{value, data{inn, kpp, address{value}}}`. Goes out through safe-fetch like every outside call.
 */
export const dadata = (config: { apiKey: string; url: string }): CompanySuggester => ({
  async suggest(ctx, query, count) {
    const res = await safeFetch(ctx.config, config.url, {
      method: 'POST',
      maxBytes: 512 * 1024,
      timeoutMs: 5000,
      accept: 'application/json',
      headers: { authorization: `Token ${config.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, count }),
    });
    const answer = DadataAnswer.parse(JSON.parse(res.body.toString('utf8')));
    return answer.suggestions
      .filter((s) => s.data.inn)
      .map((s) => ({
        value: s.value,
        inn: s.data.inn ?? '',
        kpp: s.data.kpp ?? '',
        address: s.data.address?.value ?? '',
      }));
  },
});

/** The provider the configuration names. */
export const suggesterFor = (config: Ctx['config']): CompanySuggester =>
  config.dadata ? dadata(config.dadata) : knownCompanies;
