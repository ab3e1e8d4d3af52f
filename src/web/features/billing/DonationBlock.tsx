import { useState, type FormEvent } from 'react';
import { DONATION_MAX, DONATION_MESSAGE_MAX, DONATION_MIN } from '../../../shared/billing.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { openAuthPopup } from '../auth/AuthPopup.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { billingCalls } from './calls.ts';
import './billing.css';

const t = ui.billing.donation;

/**
 * The donation block an author attaches to an entry: a reader sends any amount within the limits with an optional
 * message the author sees in the donations cabinet; the author sees where readers will find it.
 */
export function DonationBlock({ entryId, authorId, title }: { entryId?: number; authorId?: number; title?: string }) {
  const me = useCurrentUser();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!entryId) return;
    const roubles = Number(amount);
    if (!/^\d+$/.test(amount) || roubles < DONATION_MIN || roubles > DONATION_MAX) {
      setError(messages.donationAmountInvalid);
      return;
    }
    if (!me && !(await openAuthPopup())) return;
    setBusy(true);
    const res = await billingCalls.donate(entryId, roubles, message);
    setBusy(false);
    if (res.ok) {
      setSent(true);
      setAmount('');
      setMessage('');
    } else setError(res.rm);
  };

  return (
    <div className="donation-box" data-testid="donation-block">
      <p className="donation-title">{title || t.title}</p>
      {me && me.id === authorId ? (
        <p className="bill-hint">
          {t.own} · <a href="/donations">{ui.billing.cabinet.title}</a>
        </p>
      ) : sent ? (
        <p role="status">{t.sent}</p>
      ) : (
        <form className="bill-form" onSubmit={submit} noValidate>
          <p className="bill-hint">{t.lead}</p>
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
              aria-describedby="donation-hint"
              data-testid="donation-amount"
            />
            <span className="bill-hint" id="donation-hint">
              {t.amountHint}
            </span>
          </label>
          <label className="bill-field">
            {t.message}
            <textarea
              rows={2}
              maxLength={DONATION_MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          {error && (
            <span className="bill-error" role="alert">
              {error}
            </span>
          )}
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy || !entryId}>
              {t.submit}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
