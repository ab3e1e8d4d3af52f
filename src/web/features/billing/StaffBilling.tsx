import { useEffect, useState, type FormEvent } from 'react';
import type { InvoiceItem, PayoutItem, PromoItem } from '../../../shared/billing.ts';
import { ui } from '../../../shared/catalogue.ts';
import { formatDateTime, formatRoubles } from '../../../shared/format.ts';
import { api } from '../../api/request.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import './billing.css';

const t = ui.billing.staff;
const rub = (roubles: number) => formatRoubles(Math.round(roubles * 100));
type StaffPayout = PayoutItem & { author_id: number };

/** Staff: invoices to mark paid, payout requests to mark paid, promo codes to make (issue 12). */
export function StaffBilling() {
  const [invoices, setInvoices] = useState<InvoiceItem[]>([]);
  const [payouts, setPayouts] = useState<StaffPayout[]>([]);
  const [promos, setPromos] = useState<PromoItem[]>([]);
  const [form, setForm] = useState({ code: '', days: '30', discount: '', max_uses: '1', expires_at: '' });
  const [link, setLink] = useState('');

  const load = async () => {
    const [i, p, c] = await Promise.all([
      api.get<{ items: InvoiceItem[] }>('admin/bills'),
      api.get<{ items: StaffPayout[] }>('admin/payouts'),
      api.get<{ items: PromoItem[] }>('admin/promo'),
    ]);
    if (i.ok) setInvoices(i.data.items);
    if (p.ok) setPayouts(p.data.items);
    if (c.ok) setPromos(c.data.items);
  };
  useEffect(() => {
    void load();
  }, []);

  const mark = async (path: string) => {
    const res = await api.post(path);
    if (res.ok) {
      toast.show(res.rm);
      await load();
    }
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.post<{ redirect_url: string }>('private/digest/promo/store', {
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
      <input value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} {...props} />
    </label>
  );

  return (
    <>
      <section className="disc-card" data-testid="staff-invoices">
        <h2 className="disc-title">{t.invoices}</h2>
        <ul className="cabinet-list">
          {invoices.map((i) => (
            <li key={i.id}>
              <a href={i.pdf_url}>{i.number}</a> · {i.company.value} · {t.inn} {i.company.inn} · <b>{rub(i.amount)}</b>{' '}
              · <span className="bill-hint">{formatDateTime(i.created_at)}</span>{' '}
              {i.status === 'paid' ? (
                <span className="bill-hint">{t.paid}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => mark(`admin/bills/${i.id}/paid`)}
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
              <a href={`/u/${p.author_id}`}>#{p.author_id}</a> · <b>{rub(p.amount)}</b> ·{' '}
              <span className="bill-hint">{formatDateTime(p.created_at)}</span>{' '}
              {p.status === 'paid' ? (
                <span className="bill-hint">{t.paid}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => mark(`admin/payouts/${p.id}/paid`)}
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
