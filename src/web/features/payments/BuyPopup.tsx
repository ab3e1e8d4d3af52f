import { useEffect, useState, type FormEvent } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { formatRoubles } from '../../../shared/format.ts';
import { RECURRING_STUFF_ID, digitsOnly } from '../../../shared/payments.ts';
import type { PrepareData } from '../../../shared/api/payments.ts';
import { authCalls, currentUser, setCurrentUser } from '../auth/session.ts';
import { openAuthPopup } from '../auth/open.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { paymentCalls } from './calls.ts';
import { CardForm, EmailStep, PaymentResult } from './CardCheckout.tsx';
import '../auth/auth.css';
import './payments.css';
import { TermsLink } from '../pages/TermsLink.tsx';
import { Limited } from '../../ui/Limited.tsx';

type Step = 'auth' | 'pay' | 'email' | 'card' | 'success' | 'error';
const t = ui.payments;

function BuyForm({ stuff, onDone }: { stuff: number; onDone(paid: boolean): void }) {
  const [step, setStep] = useState<Step>(currentUser.get() ? 'pay' : 'auth');
  const [prep, setPrep] = useState<PrepareData | null>(null);
  const [stuffId, setStuffId] = useState(stuff);
  const [agree, setAgree] = useState(false);
  const [email, setEmail] = useState('');
  const [giftTo, setGiftTo] = useState('');
  const [promo, setPromo] = useState('');
  /** The price the server quoted for the chosen tariff (a discount code), in kopecks. */
  const [price, setPrice] = useState<number | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (step === 'auth' || prep) return;
    void paymentCalls.prepare().then((r) => {
      if (!r.ok) return fail(r.rm);
      setPrep(r.data);
      setEmail((e) => e || r.data.user_email);
    });
  }, [step, prep]);

  const product = prep?.stuff.find((s) => s.stuff_id === stuffId);
  function fail(message: string) {
    setError(message);
    setStep('error');
  }

  async function signIn() {
    if (await openAuthPopup('login')) setStep('pay');
  }

  async function choose(e: FormEvent) {
    e.preventDefault();
    if (stuffId === RECURRING_STUFF_ID && !agree) return setError(t.agreeRequired);
    // The server prices the tariff: with the typed code, or a discount redeemed before.
    const quote = await paymentCalls.quote(stuffId, promo.trim());
    if (!quote.ok) return setError(quote.rm);
    setPrice(quote.data.price);
    setError('');
    setStep(prep?.user_email ? 'card' : 'email');
  }

  async function finished() {
    const me = await authCalls.check();
    if (me.ok && me.data.user) setCurrentUser(me.data.user);
    setStep('success');
  }

  if (step === 'auth')
    return (
      <div className="buy" data-testid="buy-popup" data-step="auth">
        <h2 id="buy-title">{t.buyTitle}</h2>
        <p>{t.buyAuth}</p>
        <button type="button" className="btn btn-primary btn-wide" onClick={signIn}>
          {t.signIn}
        </button>
      </div>
    );

  if (step === 'success' || step === 'error')
    return (
      <div className="buy" data-testid="buy-popup" data-step={step}>
        <h2 id="buy-title">{step === 'success' ? t.successTitle : t.errorTitle}</h2>
        <PaymentResult
          paid={step === 'success'}
          text={step === 'success' ? (Number(giftTo) > 0 ? t.giftSuccessText : t.successText) : error}
          onDone={() => onDone(true)}
          onRetry={() => {
            setError('');
            setStep('card');
          }}
        />
      </div>
    );

  return (
    <div className="buy" data-testid="buy-popup" data-step={step}>
      <h2 id="buy-title">{t.buyTitle}</h2>
      {step === 'pay' && (
        <form onSubmit={choose} noValidate>
          <fieldset className="buy__tariffs">
            <legend className="visually-hidden">{t.buyTitle}</legend>
            {(prep?.stuff ?? []).map((s) => (
              <label key={s.stuff_id} className="buy__tariff" data-selected={s.stuff_id === stuffId || undefined}>
                <input
                  type="radio"
                  name="stuff_id"
                  value={s.stuff_id}
                  checked={s.stuff_id === stuffId}
                  onChange={() => setStuffId(s.stuff_id)}
                />
                <span>{t.tariffs[s.stuff_id]}</span>
                <b>{formatRoubles(s.price)}</b>
              </label>
            ))}
          </fieldset>
          {stuffId === RECURRING_STUFF_ID ? (
            <>
              <p className="buy__hint">{t.perMonth}</p>
              <label className="buy__agree">
                <input
                  type="checkbox"
                  checked={agree}
                  onChange={(e) => setAgree(e.target.checked)}
                  data-testid="buy-agree"
                />
                <span>
                  {t.agree} <TermsLink to="/agreement">{t.agreeLink}</TermsLink>
                </span>
              </label>
            </>
          ) : (
            <label className="auth-field">
              <span>{t.giftFor}</span>
              <input inputMode="numeric" value={giftTo} onChange={(e) => setGiftTo(digitsOnly(e.target.value, 10))} />
            </label>
          )}
          <label className="auth-field">
            <span>{t.promo}</span>
            <Limited>
              <input
                value={promo}
                maxLength={32}
                autoCapitalize="characters"
                onChange={(e) => setPromo(e.target.value)}
                data-testid="buy-promo"
              />
            </Limited>
          </label>
          {error && (
            <em className="auth-error" role="alert" data-testid="buy-error">
              {error}
            </em>
          )}
          <button type="submit" className="btn btn-primary btn-wide" disabled={!prep} data-testid="buy-next">
            {t.next}
          </button>
        </form>
      )}
      {step === 'email' && <EmailStep email={email} onChange={setEmail} onConfirmed={() => setStep('card')} />}
      {step === 'card' && prep && (
        <CardForm
          prep={prep}
          amount={price ?? product?.price ?? 0}
          key={prep.order}
          create={(cryptogram) =>
            paymentCalls.create(
              {
                stuff_id: stuffId,
                email: email.trim(),
                order: prep.order,
                ...(Number(giftTo) > 0 ? { gift_to: Number(giftTo) } : {}),
                ...(promo.trim() ? { promo: promo.trim() } : {}),
              },
              cryptogram,
            )
          }
          onResult={(out) => {
            // Whatever happened, this order number is spent: a retry prepares a new one.
            setPrep(null);
            if (out.ok) void finished();
            else fail(out.error);
          }}
        />
      )}
    </div>
  );
}

/**
 * Opens the buy popup with the tariff the reader pressed chosen (the monthly one when none was); resolves true once
 * Plus is bought (the rc 402 hook repeats its request then).
 */
export function openBuyPopup(stuffId: number = RECURRING_STUFF_ID): Promise<boolean> {
  return popup.ask<boolean>(
    {
      kind: 'buy-plus',
      size: 'small',
      labelledBy: 'buy-title',
      render: (done) => <BuyForm stuff={stuffId} onDone={done} />,
    },
    false,
  );
}
