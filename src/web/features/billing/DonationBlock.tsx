import { useEffect, useState, type FormEvent } from 'react';
import { DONATION_MAX, DONATION_MESSAGE_MAX, DONATION_MIN, KOPECKS } from '../../../shared/billing.ts';
import { donationMessages, donationUi, donationsCabinetUi } from '../../../shared/catalogue/shown.ts';
import { openAuthPopup } from '../auth/open.ts';
import { useCurrentUser } from '../auth/session.ts';
import { openCardPayment } from '../payments/open.ts';
import { billingCalls } from './calls.ts';
import { Limited } from '../../ui/Limited.tsx';

const t = donationUi;

/**
 * The donation form: any amount within the limits and an optional message, paid by card (the card popup, 3-D Secure
 * included) or from the balance. Without an entry it is an editorial donation to the site itself.
 */
export function DonationForm({ entryId, title, lead }: { entryId: number | null; title: string; lead: string }) {
  const me = useCurrentUser();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const hint = entryId === null ? 'site-donation-hint' : `donation-hint-${entryId}`;

  const submit = async (e: FormEvent, from: 'card' | 'balance') => {
    e.preventDefault();
    const roubles = Number(amount);
    const kopecks = roubles * KOPECKS;
    if (!/^\d+$/.test(amount) || roubles < DONATION_MIN || roubles > DONATION_MAX) {
      setError(donationMessages.donationAmountInvalid);
      return;
    }
    if (!me && !(await openAuthPopup())) return;
    setError('');
    if (from === 'card') {
      const paid = await openCardPayment({
        title,
        lead: t.cardLead(kopecks),
        amount: kopecks,
        successText: entryId === null ? donationMessages.siteDonationDone : t.sent,
        create: (prep, email, cryptogram) =>
          billingCalls.donateByCard(entryId, kopecks, message, { email, order: prep.order, cryptogram }),
      });
      if (paid) done();
      return;
    }
    setBusy(true);
    const res =
      entryId === null
        ? await billingCalls.donateToSite(kopecks, message)
        : await billingCalls.donate(entryId, kopecks, message);
    setBusy(false);
    if (res.ok) done();
    else setError(res.rm);
  };

  function done() {
    setSent(true);
    setAmount('');
    setMessage('');
  }

  if (sent) return <p role="status">{entryId === null ? donationMessages.siteDonationDone : t.sent}</p>;
  return (
    <form className="bill-form" onSubmit={(e) => submit(e, 'card')} noValidate>
      <p className="bill-hint">{lead}</p>
      <label className="bill-field">
        {t.amount}
        <input
          inputMode="numeric"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value.replace(/\D/g, '').slice(0, 7));
            setError('');
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={hint}
          data-testid="donation-amount"
        />
        <span className="bill-hint" id={hint}>
          {t.amountHint}
        </span>
      </label>
      <label className="bill-field">
        {entryId === null ? t.siteMessage : t.message}
        <Limited>
          <textarea
            rows={2}
            maxLength={DONATION_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            data-testid="donation-message"
          />
        </Limited>
      </label>
      {error && (
        <span className="bill-error" role="alert">
          {error}
        </span>
      )}
      <div className="bill-actions">
        <button type="submit" className="btn btn-primary" data-testid="donation-card">
          {t.byCard}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={(e) => submit(e, 'balance')}
          data-testid="donation-balance"
        >
          {t.fromBalance}
        </button>
      </div>
    </form>
  );
}

/**
 * The donation block an author attaches to an entry: a reader sends any amount within the limits with an optional
 * message the author sees in the donations cabinet; the author sees where readers will find it.
 */
export function DonationBlock({ entryId, authorId, title }: { entryId?: number; authorId?: number; title?: string }) {
  const me = useCurrentUser();
  // `data-live`: hydrated and answering input (on an entry page its code arrives after the page's own).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <div className="donation-box" data-testid="donation-block" data-live={live ? '1' : undefined}>
      <p className="donation-title">{title || t.title}</p>
      {me && me.id === authorId ? (
        <p className="bill-hint">
          {t.own} · <a href="/donations">{donationsCabinetUi.title}</a>
        </p>
      ) : entryId ? (
        <DonationForm entryId={entryId} title={t.title} lead={t.lead} />
      ) : (
        <p className="bill-hint">{t.lead}</p>
      )}
    </div>
  );
}
