import { useEffect, useState, type FormEvent } from 'react';
import type {
  createPromo,
  FeedBanner,
  markInvoicePaid,
  markPayoutPaid,
  PromoItem,
  promoList,
  SiteAccount,
  SiteDonations,
  StaffPayout,
  staffInvoices,
  staffPayouts,
} from '../../../shared/api/billing-admin.ts';
import type { InvoiceItem } from '../../../shared/api/billing.ts';
import { ui } from '../../../shared/catalogue.ts';
import { formatDateTime, formatRoubles } from '../../../shared/format.ts';
import { call } from '../../api/call.ts';
import type { ApiResult } from '../../api/request.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { billingCalls } from './calls.ts';
import { Limited } from '../../ui/Limited.tsx';
import { linkField } from '../../ui/Limited.tsx';
import { withHttps } from '../../../shared/links.ts';

const t = ui.billing.staff;
/** A movement with its sign, a typographic minus for money out. */
const signed = (kopecks: number) => `${kopecks < 0 ? '−' : '+'}${formatRoubles(Math.abs(kopecks))}`;

/** Staff: invoices to mark paid, payout requests to mark paid, promo codes to make (issue 12). */
export function StaffBilling() {
  const [invoices, setInvoices] = useState<InvoiceItem[]>([]);
  const [payouts, setPayouts] = useState<StaffPayout[]>([]);
  const [promos, setPromos] = useState<PromoItem[]>([]);
  const [form, setForm] = useState({ code: '', days: '30', discount: '', max_uses: '1', expires_at: '' });
  const [link, setLink] = useState('');

  const load = async () => {
    const [i, p, c] = await Promise.all([
      call<typeof staffInvoices>('GET /admin/bills', {}),
      call<typeof staffPayouts>('GET /admin/payouts', {}),
      call<typeof promoList>('GET /admin/promo', {}),
    ]);
    if (i.ok) setInvoices(i.data.items);
    if (p.ok) setPayouts(p.data.items);
    if (c.ok) setPromos(c.data.items);
  };
  useEffect(() => {
    void load();
  }, []);

  const mark = async (marking: Promise<ApiResult<unknown>>) => {
    const res = await marking;
    if (res.ok) {
      toast.show(res.rm);
      await load();
    }
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const res = await call<typeof createPromo>('POST /private/digest/promo/store', {
      code: form.code,
      days: Number(form.days || 0),
      discount: Number(form.discount || 0),
      max_uses: Number(form.max_uses || 1),
      expires_at: form.expires_at,
    });
    if (!res.ok) return;
    toast.show(res.rm);
    setLink(res.data.redirect_url);
    await load();
  };
  const input = (key: keyof typeof form, label: string, props: Record<string, unknown> = {}) => (
    <label className="bill-field">
      {label}
      <Limited>
        <input value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} {...props} />
      </Limited>
    </label>
  );

  return (
    <>
      <section className="disc-card" data-testid="staff-invoices">
        <h2 className="disc-title">{t.invoices}</h2>
        <ul className="cabinet-list">
          {invoices.map((i) => (
            <li key={i.id}>
              <a href={i.pdf_url}>{i.number}</a> · {i.company.value} · {t.inn} {i.company.inn} ·{' '}
              <b>{formatRoubles(i.amount)}</b> · <span className="bill-hint">{formatDateTime(i.created_at)}</span>{' '}
              {i.status === 'paid' ? (
                <span className="bill-hint">{t.paid}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => mark(call<typeof markInvoicePaid>('POST /admin/bills/:id/paid', { id: i.id }))}
                >
                  {t.markPaid}
                </button>
              )}
            </li>
          ))}
        </ul>
        {!invoices.length && <p className="disc-lead">{t.none}</p>}
      </section>
      <section className="disc-card" data-testid="staff-payouts">
        <h2 className="disc-title">{t.payouts}</h2>
        <ul className="cabinet-list">
          {payouts.map((p) => (
            <li key={p.id}>
              <a href={`/u/${p.author_id}`}>#{p.author_id}</a> · <b>{formatRoubles(p.amount)}</b> ·{' '}
              <span className="bill-hint">{formatDateTime(p.created_at)}</span>{' '}
              {p.status === 'paid' ? (
                <span className="bill-hint">{t.paid}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => mark(call<typeof markPayoutPaid>('POST /admin/payouts/:id/paid', { id: p.id }))}
                >
                  {t.markPaid}
                </button>
              )}
            </li>
          ))}
        </ul>
        {!payouts.length && <p className="disc-lead">{t.none}</p>}
      </section>
      <section className="disc-card" data-testid="staff-promo">
        <h2 className="disc-title">{t.promo}</h2>
        <form className="bill-form" onSubmit={create}>
          <div className="bill-row">
            {input('code', t.code, { maxLength: 32 })}
            {input('max_uses', t.maxUses, { inputMode: 'numeric' })}
          </div>
          <div className="bill-row">
            {input('days', t.days, { inputMode: 'numeric' })}
            {input('discount', t.discount, { inputMode: 'numeric' })}
          </div>
          {input('expires_at', t.expires, { type: 'date' })}
          <div>
            <button type="submit" className="btn btn-primary">
              {t.create}
            </button>
          </div>
        </form>
        {link && (
          <p className="plus-status">
            <a href={link}>{link}</a>
          </p>
        )}
        <ul className="cabinet-list">
          {promos.map((p) => (
            <li key={p.id}>
              <b>{p.code}</b> · {p.days ? t.daysValue(p.days) : `−${p.discount}%`} · {t.uses(p.uses, p.max_uses)}
              {p.expires_at && <span className="bill-hint"> · {t.until(formatDateTime(p.expires_at))}</span>}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** Staff: the site's own account and the editorial donations with their messages. */
export function StaffSiteDonations() {
  const [list, setList] = useState<SiteDonations | null>(null);
  useEffect(() => {
    void billingCalls.siteDonations().then((r) => r.ok && setList(r.data));
  }, []);
  return (
    <section className="disc-card" data-testid="staff-site-donations">
      <h2 className="disc-title">{t.siteDonations}</h2>
      {list && <p className="disc-lead">{t.siteTotal(formatRoubles(list.total))}</p>}
      <ul className="cabinet-list">
        {list?.items.map((d) => (
          <li key={d.id}>
            <b>{formatRoubles(d.amount)}</b> ·{' '}
            {d.donor ? <a href={d.donor.url}>{d.donor.name}</a> : ui.billing.cabinet.anonymous} ·{' '}
            <span className="bill-hint">{formatDateTime(d.created_at)}</span>
            {d.message && <p className="cabinet-message">{d.message}</p>}
          </li>
        ))}
      </ul>
      {list && !list.items.length && <p className="disc-lead">{t.none}</p>}
    </section>
  );
}

/**
 * Staff (`/admin/account`): the site's own account — its balance, sums by kind and its ledger rows (editorial
 * donations, their refunds, the shortfalls of donation clawbacks), with the top-ups and payouts passing through.
 */
export function StaffSiteAccount() {
  const [account, setAccount] = useState<SiteAccount | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void billingCalls.siteAccount(null).then((r) => r.ok && setAccount(r.data));
  }, []);
  const more = async () => {
    if (!account || account.next_before_id === null || busy) return;
    setBusy(true);
    const r = await billingCalls.siteAccount(account.next_before_id);
    setBusy(false);
    if (r.ok) setAccount({ ...r.data, items: [...account.items, ...r.data.items] });
  };
  if (!account) return null;
  const kind = (k: string) => t.ledgerKinds[k] ?? k;
  return (
    <>
      <section className="disc-card" data-testid="staff-site-account">
        <p className="disc-lead">{t.accountLead}</p>
        <p className="site-account__balance">
          {t.accountBalance}: <b data-testid="site-account-balance">{formatRoubles(account.balance)}</b>
        </p>
        <p className="bill-hint">
          {t.accountTopups(formatRoubles(account.topups.received), formatRoubles(account.topups.refunded))}
        </p>
        <p className="bill-hint">
          {t.accountPayouts(formatRoubles(account.payouts.paid), formatRoubles(account.payouts.requested))}
        </p>
        {account.totals.length > 0 && (
          <>
            <h2 className="disc-title">{t.accountTotals}</h2>
            <ul className="cabinet-list" data-testid="site-account-totals">
              {account.totals.map((x) => (
                <li key={x.kind}>
                  {kind(x.kind)} · <b>{signed(x.amount)}</b> · <span className="bill-hint">{x.count}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="disc-card">
        <h2 className="disc-title">{t.accountRows}</h2>
        <ul className="cabinet-list" data-testid="site-account-rows">
          {account.items.map((r) => (
            <li key={r.id}>
              <b className={r.amount < 0 ? 'site-account__out' : 'site-account__in'}>{signed(r.amount)}</b> ·{' '}
              {kind(r.kind)} · <span className="bill-hint">{formatDateTime(r.created_at)}</span>
              {r.note && <p className="cabinet-message">{r.note}</p>}
            </li>
          ))}
        </ul>
        {!account.items.length && <p className="disc-lead">{t.none}</p>}
        {account.next_before_id !== null && (
          <button type="button" className="btn btn-secondary" onClick={() => void more()} disabled={busy}>
            {t.more}
          </button>
        )}
      </section>
    </>
  );
}

/** Staff: the operator's banner slot in the feed (a picture, its link and its text). */
export function StaffBanner({ initial }: { initial: FeedBanner | null }) {
  const [form, setForm] = useState<FeedBanner>(initial ?? { image_url: '', link: '', text: '' });
  const [saved, setSaved] = useState(initial !== null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const res = await billingCalls.setBanner({
      ...form,
      image_url: withHttps(form.image_url),
      link: withHttps(form.link),
    });
    if (res.ok) {
      toast.show(res.rm);
      setSaved(true);
    }
  };
  const remove = async () => {
    const res = await billingCalls.removeBanner();
    if (res.ok) {
      toast.show(res.rm);
      setSaved(false);
      setForm({ image_url: '', link: '', text: '' });
    }
  };
  const field = (name: keyof FeedBanner, label: string) => (
    <label className="bill-field">
      {label}
      <input
        {...(name === 'text' ? {} : linkField)}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        name={name}
      />
    </label>
  );
  return (
    <section className="disc-card" data-testid="staff-banner">
      <h2 className="disc-title">{t.banner}</h2>
      <p className="bill-hint">{t.bannerHint}</p>
      <form className="bill-form" onSubmit={save}>
        {field('image_url', t.bannerImage)}
        {field('link', t.bannerLink)}
        {field('text', t.bannerText)}
        <div className="bill-actions">
          <button type="submit" className="btn btn-primary">
            {t.bannerSave}
          </button>
          {saved && (
            <button type="button" className="btn btn-secondary" onClick={remove}>
              {t.bannerRemove}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
