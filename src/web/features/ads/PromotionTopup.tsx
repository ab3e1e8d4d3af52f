import { useState, type FormEvent } from 'react';
import { PROMOTION_TOPUP } from '../../../shared/ads.ts';
import { KOPECKS } from '../../../shared/billing.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import { formatRoubles } from '../../../shared/format.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { openCardPayment } from '../payments/open.ts';
import { adsCalls } from './calls.ts';
import './promotion.css';

const t = distributionsUi.promotionTopup;
const c = ui.discovery.company;

/**
 * The company cabinet's promotion balance and its top-up (issue 30): whole roubles from the manager's balance or by
 * card (the card form every payment shares; the server keeps the amount and the company on its order).
 */
export function PromotionTopup({
  subsiteId,
  company,
  balance,
}: {
  subsiteId: number;
  company: string;
  balance: number;
}) {
  const [shown, setShown] = useState(balance);
  const [amount, setAmount] = useState('');
  const [source, setSource] = useState<'balance' | 'card'>('balance');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const roubles = /^\d{1,7}$/.test(amount) ? Number(amount) : NaN;
    if (!(roubles >= PROMOTION_TOPUP.min && roubles <= PROMOTION_TOPUP.max)) {
      setError(messages.promotionAmountInvalid);
      return;
    }
    const kopecks = roubles * KOPECKS;
    setError('');
    setBusy(true);
    if (source === 'balance') {
      const res = await adsCalls.promotionFromBalance(subsiteId, kopecks);
      setBusy(false);
      if (!res.ok) return setError(res.rm);
      setShown(res.data.promotion_balance);
      setAmount('');
      toast.show(res.rm);
      return;
    }
    const paid = await openCardPayment({
      title: t.cardTitle,
      lead: t.cardLead(company, formatRoubles(kopecks)),
      amount: kopecks,
      successText: messages.promotionToppedUp,
      create: (prep, email, cryptogram) =>
        adsCalls.promotionByCard(subsiteId, kopecks, { email, order: prep.order, cryptogram }),
    });
    setBusy(false);
    if (!paid) return;
    setShown((s) => s + kopecks);
    setAmount('');
  };

  return (
    <section className="company-panel" data-testid="cabinet-balance" aria-labelledby="promotion-title">
      <h2 id="promotion-title">{c.promotion}</h2>
      <p className="company-balance" data-testid="promotion-balance">
        {formatRoubles(shown)}
      </p>
      <p className="company-balance-note">{c.promotionNote}</p>
      <form className="promotion-topup" onSubmit={submit} noValidate data-testid="promotion-topup">
        <h3 className="promotion-topup__title">{t.title}</h3>
        <label className="promotion-topup__amount">
          {t.amount}
          <input
            inputMode="numeric"
            value={amount}
            placeholder={t.hint}
            aria-describedby={error ? 'promotion-error' : undefined}
            onChange={(e) => {
              setAmount(e.target.value.replace(/\D/g, '').slice(0, 7));
              setError('');
            }}
            data-testid="promotion-amount"
          />
        </label>
        <fieldset className="promotion-topup__source">
          <legend>{t.source}</legend>
          {(['balance', 'card'] as const).map((s) => (
            <label key={s}>
              <input
                type="radio"
                name="promotion-source"
                checked={source === s}
                onChange={() => setSource(s)}
                data-testid={`promotion-source-${s}`}
              />
              {s === 'balance' ? t.fromBalance : t.byCard}
            </label>
          ))}
        </fieldset>
        {error && (
          <p className="bill-error" id="promotion-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="promotion-submit">
          {t.submit}
        </button>
      </form>
    </section>
  );
}
