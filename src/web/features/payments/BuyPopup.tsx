import { useEffect, useRef, useState, type FormEvent } from 'react';
import { messages, ui } from '../../../shared/catalogue.ts';
import { EMAIL_RE } from '../../../shared/validation.ts';
import {
  RECURRING_STUFF_ID,
  cardBrand,
  digitsOnly,
  formatCardNumber,
  makeCryptogram,
  type BankInfo,
  type PrepareData,
  type ThreeDsData,
} from '../../../shared/payments.ts';
import { authCalls, currentUser, setCurrentUser } from '../auth/session.ts';
import { openAuthPopup } from '../auth/AuthPopup.tsx';
import { popup } from '../../ui/overlays/index.ts';
import { paymentCalls } from './calls.ts';
import './payments.css';

type Step = 'auth' | 'pay' | 'email' | 'card' | '3ds' | 'success' | 'error';
const t = ui.payments;
const rub = (kopecks: number) => Math.round(kopecks / 100);

/**
 * The bank's 3-D Secure page opens in a window of its own: a form posts PaReq, MD and TermUrl to the AcsUrl, and the
 * page at term_url hands the result back through localStorage (`3ds_success` / `3ds_error`).
 */
function open3ds(data: ThreeDsData): Window | null {
  const win = window.open('', '3ds', 'width=520,height=640');
  if (!win) return null;
  const doc = win.document;
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = data.AcsUrl;
  for (const [name, value] of [
    ['PaReq', data.PaReq],
    ['MD', data.TransactionId],
    ['TermUrl', data.term_url],
  ]) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  return win;
}

function wait3ds(): { promise: Promise<{ ok: boolean; error: string }>; stop(): void } {
  localStorage.removeItem('3ds_success');
  localStorage.removeItem('3ds_error');
  let stop = () => {};
  const promise = new Promise<{ ok: boolean; error: string }>((resolve) => {
    const check = () => {
      const ok = localStorage.getItem('3ds_success');
      const error = localStorage.getItem('3ds_error');
      if (ok === null && error === null) return;
      stop();
      localStorage.removeItem('3ds_success');
      localStorage.removeItem('3ds_error');
      resolve(ok !== null ? { ok: true, error: '' } : { ok: false, error: JSON.parse(error!) as string });
    };
    window.addEventListener('storage', check);
    const timer = setInterval(check, 1000);
    stop = () => {
      window.removeEventListener('storage', check);
      clearInterval(timer);
    };
  });
  return { promise, stop: () => stop() };
}

function BuyForm({ onDone }: { onDone(paid: boolean): void }) {
  const [step, setStep] = useState<Step>(currentUser.get() ? 'pay' : 'auth');
  const [prep, setPrep] = useState<PrepareData | null>(null);
  const [stuffId, setStuffId] = useState<number>(RECURRING_STUFF_ID);
  const [agree, setAgree] = useState(false);
  const [email, setEmail] = useState('');
  const [giftTo, setGiftTo] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [bank, setBank] = useState<BankInfo | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [pending3ds, setPending3ds] = useState<ThreeDsData | null>(null);
  const bankPrefix = useRef('');
  const waiting = useRef<ReturnType<typeof wait3ds> | null>(null);

  useEffect(() => () => waiting.current?.stop(), []);

  useEffect(() => {
    if (step === 'auth' || prep) return;
    paymentCalls.prepare().then((r) => {
      if (!r.ok) return fail(r.rm);
      setPrep(r.data);
      setEmail((e) => e || r.data.user_email);
    });
  }, [step, prep]);

  const product = prep?.stuff.find((s) => s.stuff_id === stuffId);
  const digits = number.replace(/\D/g, '');
  const brand = cardBrand(digits);

  useEffect(() => {
    const prefix = digits.slice(0, 6);
    if (prefix.length < 6 || prefix === bankPrefix.current) return;
    bankPrefix.current = prefix;
    paymentCalls.bank(prefix).then((r) => setBank(r.ok && !r.data.is_unknown ? r.data : null));
  }, [digits]);

  function fail(message: string) {
    setError(message);
    setStep('error');
    setBusy(false);
  }

  async function signIn() {
    if (await openAuthPopup('login')) setStep('pay');
  }

  function choose(e: FormEvent) {
    e.preventDefault();
    if (stuffId === RECURRING_STUFF_ID && !agree) return setError(t.agreeRequired);
    setError('');
    setStep(prep?.user_email ? 'card' : 'email');
  }

  function confirmEmail(e: FormEvent) {
    e.preventDefault();
    if (!EMAIL_RE.test(email.trim())) return setError(messages.paymentEmailInvalid);
    setError('');
    setStep('card');
  }

  async function finished() {
    const me = await authCalls.check();
    if (me.ok && me.data.user) setCurrentUser(me.data.user);
    setBusy(false);
    setStep('success');
  }

  async function pay(e: FormEvent) {
    e.preventDefault();
    if (!prep || busy) return;
    const [month = '', year = ''] = [expiry.slice(0, 2), expiry.slice(2, 4)];
    if (digits.length < 16 || month.length < 2 || year.length < 2 || cvv.length < 3)
      return setError(messages.paymentCryptogramRequired);
    setBusy(true);
    setError('');
    let cryptogram: string;
    try {
      cryptogram = await makeCryptogram(prep.cp_public, {
        number: digits,
        month,
        year,
        cvv,
        order: prep.cashier.type === 'test' ? prep.order : undefined,
      });
    } catch {
      return fail(messages.paymentCryptogramInvalid);
    }
    const gift = Number(giftTo);
    const r = await paymentCalls.create(
      { stuff_id: stuffId, email: email.trim(), order: prep.order, ...(gift > 0 ? { gift_to: gift } : {}) },
      cryptogram,
    );
    // Whatever happens next, this order number is spent: a retry prepares a new one.
    setPrep(null);
    if (!r.ok) return fail(r.rm);
    if (r.data.status === 'success') return finished();
    const data: ThreeDsData = r.data;
    waiting.current = wait3ds();
    setPending3ds(data);
    setStep('3ds');
    open3ds(data);
    const out = await waiting.current.promise;
    if (out.ok) return finished();
    fail(out.error || messages.payment3dsFailed);
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
        <p data-testid="buy-result" className={step === 'error' ? 'buy__error' : undefined}>
          {step === 'success' ? (Number(giftTo) > 0 ? t.giftSuccessText : t.successText) : error}
        </p>
        {step === 'success' ? (
          <button
            type="button"
            className="btn btn-primary btn-wide"
            onClick={() => onDone(true)}
            data-testid="buy-done"
          >
            {t.done}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-wide"
            onClick={() => {
              setError('');
              setStep('card');
            }}
          >
            {t.retry}
          </button>
        )}
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
                <b>{t.rub(rub(s.price))}</b>
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
                {t.agree}
              </label>
            </>
          ) : (
            <label className="auth-field">
              <span>{t.giftFor}</span>
              <input inputMode="numeric" value={giftTo} onChange={(e) => setGiftTo(digitsOnly(e.target.value, 10))} />
            </label>
          )}
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
      {step === 'email' && (
        <form onSubmit={confirmEmail} noValidate>
          <label className="auth-field">
            <span>{t.emailTitle}</span>
            <input
              type="email"
              autoComplete="email"
              value={email}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
            />
            {error && <em className="auth-error">{error}</em>}
          </label>
          <button type="submit" className="btn btn-primary btn-wide">
            {t.next}
          </button>
        </form>
      )}
      {step === 'card' && (
        <form onSubmit={pay} noValidate className="buy__card" data-brand={brand}>
          <label className="auth-field">
            <span>
              {t.cardNumber}
              {brand !== 'unknown' && <span className="buy__brand"> · {brand}</span>}
              {bank && (
                <span className="buy__bank" style={{ color: bank.color }} data-testid="buy-bank">
                  {' '}
                  · {bank.name}
                </span>
              )}
            </span>
            <input
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              value={number}
              onChange={(e) => setNumber(formatCardNumber(e.target.value))}
              data-testid="card-number"
              autoFocus
            />
          </label>
          <div className="buy__row">
            <label className="auth-field">
              <span>{t.cardExpiry}</span>
              <input
                inputMode="numeric"
                autoComplete="cc-exp"
                value={expiry.length > 2 ? `${expiry.slice(0, 2)}/${expiry.slice(2)}` : expiry}
                onChange={(e) => setExpiry(digitsOnly(e.target.value, 4))}
                data-testid="card-expiry"
              />
            </label>
            <label className="auth-field">
              <span>{t.cardCvv}</span>
              <input
                inputMode="numeric"
                autoComplete="cc-csc"
                type="password"
                value={cvv}
                onChange={(e) => setCvv(digitsOnly(e.target.value, 4))}
                data-testid="card-cvv"
              />
            </label>
          </div>
          {error && (
            <em className="auth-error" role="alert">
              {error}
            </em>
          )}
          <button type="submit" className="btn btn-primary btn-wide" disabled={busy || !prep} data-testid="card-pay">
            {busy ? t.paying : t.pay(rub(product?.price ?? 0))}
          </button>
        </form>
      )}
      {step === '3ds' && (
        <div className="buy__3ds" data-testid="buy-3ds">
          <p>{t.threeDsWaiting}</p>
          {pending3ds && (
            <button type="button" className="btn btn-secondary" onClick={() => open3ds(pending3ds)}>
              {t.threeDsOpen}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** Opens the buy popup; resolves true once Plus is bought (the rc 402 hook repeats its request then). */
export function openBuyPopup(): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (v: boolean) => {
      if (settled) return;
      settled = true;
      resolve(v);
    };
    popup.open({
      kind: 'buy-plus',
      size: 'small',
      labelledBy: 'buy-title',
      render: ({ close }) => (
        <BuyForm
          onDone={(paid) => {
            settle(paid);
            close();
          }}
        />
      ),
      onClose: () => settle(false),
    });
  });
}
