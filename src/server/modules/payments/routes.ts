import { ui } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/payments.ts';
import { route } from '../../http/route.ts';
import * as payments from './service.ts';
import { ACS_TRIES, TEST_3DS_CODE, testPaRes } from './test-cashier.ts';
import { encodeThreeDsResult, threeDsResultKey, type ThreeDsResult } from '../../../shared/payments.ts';

/** The payment calls of spec/content.md §7 and the reader's and staff's payment screens. */
export const paymentsRoutes = [
  route.implement(contracts.prepare, {
    rateLimit: [60, 60],
    handler: ({ ctx, user }) => payments.prepare(ctx, user),
  }),
  route.implement(contracts.create, {
    rateLimit: [20, 60],
    handler: ({ ctx, user, body, req }) =>
      payments.createOrder(ctx, user, { ...body.data, cryptogram: body.cryptogram, ip: req.ip }),
  }),
  route.implement(contracts.bankInfo, {
    rateLimit: [60, 60],
    readOnly: true,
    handler: ({ body }) => payments.bankInfo(body.card_prefix),
  }),
  route.implement(contracts.plusStatus, {
    rateLimit: [60, 60],
    handler: ({ ctx, user }) => payments.plusStatus(ctx, user),
  }),
  route.implement(contracts.history, {
    rateLimit: [60, 60],
    handler: ({ ctx, user, query }) => payments.history(ctx, user, query.before_id ?? null),
  }),
  route.implement(contracts.cancelRecurring, {
    rateLimit: [10, 60],
    handler: ({ ctx, user, body }) => payments.cancelRecurring(ctx, user, body.reason.trim()),
  }),
  route.implement(contracts.gift, {
    rateLimit: [30, 60],
    handler: ({ ctx, user, body }) => payments.giftPlus(ctx, user, body.user_id, body.days),
  }),
  route.implement(contracts.giftCheck, {
    rateLimit: [60, 60],
    readOnly: true,
    handler: ({ ctx, user, params }) => payments.giftCheck(ctx, user, params.user_id),
  }),
  route.implement(contracts.staffOrders, {
    rateLimit: [60, 60],
    handler: ({ ctx, query }) => payments.staffHistory(ctx, query.before_id ?? null),
  }),
  route.implement(contracts.refundPreview, {
    rateLimit: [60, 60],
    readOnly: true,
    handler: ({ ctx, user, params }) => payments.refundPreview(ctx, user, params.order_id),
  }),
  route.implement(contracts.refund, {
    rateLimit: [20, 60],
    handler: ({ ctx, user, body }) => payments.refundOrder(ctx, user, body.order_id),
  }),
];

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) => `<!doctype html><html lang="ru"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>${esc(title)}</title><meta name="robots" content="noindex">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:32px 16px;background:#f3f4f6;color:#111}
main{max-width:360px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}h1{font-size:20px;margin:0 0 12px}
input{font:inherit;width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccc;border-radius:8px;margin:8px 0}
button{font:inherit;padding:10px 16px;border-radius:8px;border:0;background:#2f6ee5;color:#fff;margin:8px 8px 0 0;cursor:pointer}
button.second{background:#e5e7eb;color:#111}.error{color:#b91c1c}</style></head><body><main>${body}</main></body></html>`;

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');

/**
 * Pages outside /v3.0, posted by forms in the 3-D Secure window: the test cashier's bank page (its own "ACS") and
 * `term_url`, where the bank's answer lands and the window hands the result to the site through localStorage.
 */
export const paymentsRootRoutes = [
  route.implement(contracts.testCashierAcs, {
    rateLimit: [30, 60],
    handler: ({ ctx, body, reply }) => {
      const t = ui.payments;
      reply.type('text/html; charset=utf-8');
      const term = `${ctx.config.publicUrl}/payments/3ds/term`;
      const wrong = body.decision === 'confirm' && body.code !== TEST_3DS_CODE;
      const tries = body.tries + (wrong ? 1 : 0);
      // A wrong code is asked again, as a bank does, until the tries are used up; then the payment fails.
      if (body.decision && !(wrong && tries < ACS_TRIES)) {
        const paRes = testPaRes(ctx.config, body.PaReq, !wrong && body.decision === 'confirm') ?? '';
        return page(
          t.acsTitle,
          `<p>${esc(t.acsDone)}</p><form id="f" method="post" action="${esc(term)}">${hidden({ MD: body.MD, PaRes: paRes })}</form>
<script>document.getElementById('f').submit()</script>`,
        );
      }
      const fields = hidden({ PaReq: body.PaReq, MD: body.MD, TermUrl: term, tries: String(tries) });
      const error = wrong ? `<p role="alert" class="error">${esc(t.acsWrongCode(ACS_TRIES - tries))}</p>` : '';
      return page(
        t.acsTitle,
        `<h1>${esc(t.acsTitle)}</h1><p>${esc(t.acsText)}</p>${error}<form method="post">${fields}
<label>${esc(t.acsCode)}<input name="code" inputmode="numeric" autocomplete="one-time-code" autofocus></label>
<button name="decision" value="confirm">${esc(t.acsConfirm)}</button><button class="second" name="decision" value="decline">${esc(t.acsDecline)}</button></form>`,
      );
    },
  }),
  route.implement(contracts.threeDsTerm, {
    rateLimit: [30, 60],
    handler: async ({ ctx, body, reply }) => {
      const out = await payments.complete3ds(ctx, body.MD, body.PaRes);
      const result: ThreeDsResult = out.ok ? { ok: true } : { ok: false, error: out.error };
      // JS string literals of the key and the stored text; `<` escaped so nothing in it can end the script element.
      const [key, stored] = [threeDsResultKey(body.MD), encodeThreeDsResult(result)].map((v) =>
        JSON.stringify(v).replace(/</g, '\\u003c'),
      );
      reply.type('text/html; charset=utf-8');
      return page(
        ui.payments.acsTitle,
        `<p data-result="${out.ok ? 'success' : 'error'}">${esc(out.ok ? ui.payments.successTitle : out.error)}</p>
<script>try{localStorage.setItem(${key},${stored});}catch(e){}if(window.opener)window.close();</script>`,
      );
    },
  }),
];
