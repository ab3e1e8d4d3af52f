import { useState, type FormEvent } from 'react';
import type { DonationsCabinet as Cabinet } from '../../../shared/api/billing.ts';
import { KOPECKS, PAYOUT_MIN, TOPUP_MAX, TOPUP_MIN } from '../../../shared/billing.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { formatDateTime, formatRoubles } from '../../../shared/format.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { openCardPayment } from '../payments/open.ts';
import { billingCalls } from './calls.ts';

const t = ui.billing.cabinet;

/** The author's donations cabinet: totals, the donations with their messages, payout requests and the balance. */
export function DonationsCabinet({ initial }: { initial: Cabinet & { balance: number } }) {
  const [cabinet, setCabinet] = useState(initial);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const request = async (e: FormEvent) => {
    e.preventDefault();
    const roubles = Number(amount);
    if (!/^\d+$/.test(amount) || roubles < PAYOUT_MIN) {
      setError(messages.payoutTooSmall);
      return;
    }
    setBusy(true);
    const kopecks = roubles * KOPECKS;
    const res = await billingCalls.requestPayout(kopecks);
    if (res.ok) {
      toast.show(res.rm);
      setAmount('');
      const fresh = await billingCalls.cabinet();
      if (fresh.ok) setCabinet((c) => ({ ...fresh.data, balance: c.balance - kopecks }));
    } else setError(res.rm);
    setBusy(false);
  };

  const totals: [string, number][] = [
    [t.received, cabinet.totals.received],
    [t.paidOut, cabinet.totals.paid_out],
    [t.available, cabinet.totals.available],
    [t.balance, cabinet.balance],
  ];
  return (
    <>
      <section className="disc-card">
        <h1 className="disc-title">{t.title}</h1>
        <p className="disc-lead">{t.count(cabinet.totals.count)}</p>
        <div className="cabinet-totals" data-testid="cabinet-totals">
          {totals.map(([label, value]) => (
            <div className="cabinet-total" key={label}>
              {label}
              <b>{formatRoubles(value)}</b>
            </div>
          ))}
        </div>
        <form className="promo-form" onSubmit={request} noValidate>
          <input
            inputMode="numeric"
            value={amount}
            aria-label={t.payoutAmount}
            placeholder={t.payoutAmount}
            onChange={(e) => {
              setAmount(e.target.value.replace(/\D/g, '').slice(0, 9));
              setError('');
            }}
          />
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || cabinet.totals.available < PAYOUT_MIN * KOPECKS}
          >
            {t.payoutSubmit}
          </button>
        </form>
        {error && (
          <p className="bill-error" role="alert">
            {error}
          </p>
        )}
      </section>
      <section className="disc-card">
        {cabinet.items.length ? (
          <ul className="cabinet-list" data-testid="cabinet-donations">
            {cabinet.items.map((d) => (
              <li key={d.id}>
                <b>{formatRoubles(d.amount)}</b> · {d.donor ? <a href={d.donor.url}>{d.donor.name}</a> : t.anonymous} ·{' '}
                <a href={d.entry.url}>{d.entry.title || d.entry.url}</a> ·{' '}
                <span className="bill-hint">{formatDateTime(d.created_at)}</span>
                {d.message && <p className="cabinet-message">{d.message}</p>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="disc-lead">{t.empty}</p>
        )}
      </section>
      <TopUpForm onPaid={(kopecks) => setCabinet((c) => ({ ...c, balance: c.balance + kopecks }))} />
      {cabinet.payouts.length > 0 && (
        <section className="disc-card">
          <h2 className="disc-title">{t.payouts}</h2>
          <ul className="cabinet-list">
            {cabinet.payouts.map((p) => (
              <li key={p.id}>
                <b>{formatRoubles(p.amount)}</b> · {t.payoutStatus[p.status]} ·{' '}
                <span className="bill-hint">{formatDateTime(p.created_at)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** A balance top-up by card, between the catalogue's minimum and maximum. */
function TopUpForm({ onPaid }: { onPaid(kopecks: number): void }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const roubles = Number(amount);
    if (!/^\d+$/.test(amount) || roubles < TOPUP_MIN || roubles > TOPUP_MAX) {
      setError(messages.topupAmountInvalid);
      return;
    }
    setError('');
    const kopecks = roubles * KOPECKS;
    const paid = await openCardPayment({
      title: t.topupTitle,
      lead: t.topupLead(kopecks),
      amount: kopecks,
      successText: messages.topupDone,
      create: (prep, email, cryptogram) => billingCalls.topUp(kopecks, { email, order: prep.order, cryptogram }),
    });
    if (paid) {
      setAmount('');
      onPaid(kopecks);
    }
  };

  return (
    <section className="disc-card" aria-labelledby="topup-title">
      <h2 className="disc-title" id="topup-title">
        {t.topupTitle}
      </h2>
      <form className="promo-form" onSubmit={submit} noValidate>
        <input
          inputMode="numeric"
          value={amount}
          aria-label={t.topupAmount}
          aria-describedby="topup-hint"
          placeholder={t.topupAmount}
          onChange={(e) => {
            setAmount(e.target.value.replace(/\D/g, '').slice(0, 7));
            setError('');
          }}
          data-testid="topup-amount"
        />
        <button type="submit" className="btn btn-primary" data-testid="topup-submit">
          {t.topupSubmit}
        </button>
      </form>
      <p className="bill-hint" id="topup-hint">
        {t.topupHint}
      </p>
      {error && (
        <p className="bill-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
