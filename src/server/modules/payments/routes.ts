import { z } from 'zod';
import { messages, ui } from '../../../shared/catalogue.ts';
import { emailField, idField, intField, plainBody, promoCodeField } from '../../../shared/validation.ts';
import { route } from '../../http/route.ts';
import * as payments from './service.ts';
import { ACS_TRIES, TEST_3DS_CODE, testPaRes } from './test-cashier.ts';
import { encodeThreeDsResult, threeDsResultKey, type ThreeDsResult } from '../../../shared/payments.ts';

const ORDER_RE = /^[0-9a-f]{12}\.[0-9a-f]{16}$/;
const orderField = z.string({ error: messages.paymentOrderInvalid }).regex(ORDER_RE, messages.paymentOrderInvalid);
const cryptogramField = z
  .string({ error: messages.paymentCryptogramRequired })
  .min(1, messages.paymentCryptogramRequired)
  .max(4096, messages.paymentCryptogramInvalid);
const beforeQuery = plainBody({ before_id: idField(messages.paymentOrderNotFound).optional() });

const createBody = plainBody({
  data: z.strictObject(
    {
      stuff_id: idField(messages.paymentStuffInvalid),
      email: emailField,
      order: orderField,
      gift_to: idField(messages.paymentRecipientNotFound).optional(),
      promo: promoCodeField.optional(),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys' ? messages.unknownField((iss.keys ?? []).join(', ')) : messages.badRequest,
    },
  ),
  cryptogram: cryptogramField,
});

/** The payment calls of spec/content.md §7 and the reader's and staff's payment screens. */
export const paymentsRoutes = [
  route.get('/payments/accounts/orders/prepare', {
    access: 'active',
    rateLimit: [60, 60],
    handler: ({ ctx, user }) => payments.prepare(ctx, user),
  }),
  route.post('/payments/accounts/orders/create', {
    access: 'active',
    rateLimit: [20, 60],
    body: createBody,
    handler: ({ ctx, user, body, req }) =>
      payments.createOrder(ctx, user, { ...body.data, cryptogram: body.cryptogram, ip: req.ip }),
  }),
  route.post('/payments/bank/info', {
    access: 'anyone',
    rateLimit: [60, 60],
    readOnly: true,
    body: plainBody({
      card_prefix: z.string({ error: messages.paymentCardPrefixInvalid }).max(6, messages.paymentCardPrefixInvalid),
    }),
    handler: ({ body }) => payments.bankInfo(body.card_prefix),
  }),
  route.get('/payments/plus', {
    access: 'user',
    rateLimit: [60, 60],
    handler: ({ ctx, user }) => payments.plusStatus(ctx, user),
  }),
  route.get('/payments/history', {
    access: 'user',
    rateLimit: [60, 60],
    query: beforeQuery,
    handler: ({ ctx, user, query }) => payments.history(ctx, user, query.before_id ?? null),
  }),
  route.post('/payments/recurring/cancel', {
    access: 'user',
    rateLimit: [10, 60],
    body: plainBody({
      reason: z.string({ error: messages.wrongType }).max(1000, messages.paymentCancelReasonTooLong).default(''),
    }),
    handler: ({ ctx, user, body }) => payments.cancelRecurring(ctx, user, body.reason.trim()),
  }),
  route.post('/payments/gift', {
    access: 'active',
    rateLimit: [30, 60],
    body: plainBody({
      user_id: idField(messages.paymentRecipientNotFound),
      days: intField(messages.paymentGiftPeriodInvalid, 1, 366),
    }),
    handler: ({ ctx, user, body }) => payments.giftPlus(ctx, user, body.user_id, body.days),
  }),
  route.get('/payments/gift/check/:user_id', {
    access: 'user',
    rateLimit: [60, 60],
    readOnly: true,
    params: z.strictObject({ user_id: idField(messages.paymentRecipientNotFound) }),
    handler: ({ ctx, user, params }) => payments.giftCheck(ctx, user, params.user_id),
  }),
  route.get('/payments/admin/orders', {
    access: 'staff',
    rateLimit: [60, 60],
    query: beforeQuery,
    handler: ({ ctx, query }) => payments.staffHistory(ctx, query.before_id ?? null),
  }),
  route.get('/payments/admin/refund/:order_id', {
    access: 'staff',
    rateLimit: [60, 60],
    readOnly: true,
    params: z.strictObject({ order_id: idField(messages.paymentOrderNotFound) }),
    handler: ({ ctx, user, params }) => payments.refundPreview(ctx, user, params.order_id),
  }),
  route.post('/payments/admin/refund', {
    access: 'staff',
    rateLimit: [20, 60],
    body: plainBody({ order_id: idField(messages.paymentOrderNotFound) }),
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

const acsBody = z.object({ PaReq: z.string().max(4096), MD: z.string().max(64), TermUrl: z.string().max(1000) });

/**
 * Pages outside /v3.0, posted by forms in the 3-D Secure window: the test cashier's bank page (its own "ACS") and
 * `term_url`, where the bank's answer lands and the window hands the result to the site through localStorage.
 */
export const paymentsRootRoutes = [
  route.post('/payments/test-cashier/acs', {
    access: 'anyone',
    rateLimit: [30, 60],
    raw: true,
    body: acsBody.extend({
      code: z.string().max(16).optional(),
      decision: z.enum(['confirm', 'decline']).optional(),
      tries: intField(messages.badRequest, 0, ACS_TRIES).default(0),
    }),
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
  route.post('/payments/3ds/term', {
    access: 'anyone',
    rateLimit: [30, 60],
    raw: true,
    body: z.object({ MD: z.string().max(64), PaRes: z.string().max(8192) }),
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
