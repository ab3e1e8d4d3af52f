import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { messages, ui } from '../../../shared/catalogue.ts';
import { EMAIL_RE } from '../../../shared/validation.ts';
import {
  cardBrand,
  decodeThreeDsResult,
  digitsOnly,
  formatCardNumber,
  luhnValid,
  makeCryptogram,
  threeDsResultKey,
} from '../../../shared/payments.ts';
import type { BankInfo, CreateResult, PrepareData, ThreeDsData } from '../../../shared/api/payments.ts';
import type { ApiResult } from '../../api/request.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { paymentCalls } from './calls.ts';
import '../auth/auth.css';
import './payments.css';

const t = ui.payments;
const rub = (kopecks: number) => Math.round(kopecks / 100);

/**
 * The bank's 3-D Secure page opens in a window of its own: a form posts PaReq, MD and TermUrl to the AcsUrl, and the
 * page at term_url hands the result back through localStorage (`ThreeDsResult`, shared/payments.ts).
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

/** Waits for the term page's answer to this bank step (its TransactionId). */
function wait3ds(transaction: string): { promise: Promise<{ ok: boolean; error: string }>; stop(): void } {
  const key = threeDsResultKey(transaction);
  let stop = () => {};
  const promise = new Promise<{ ok: boolean; error: string }>((resolve) => {
    const check = () => {
      const out = decodeThreeDsResult(localStorage.getItem(key));
      if (!out) return;
      stop();
      localStorage.removeItem(key);
      resolve(out.ok ? { ok: true, error: '' } : { ok: false, error: out.error || messages.payment3dsFailed });
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

export interface CardFormProps {
  prep: PrepareData;
  /** Whole kopecks, shown on the pay button. */
  amount: number;
  /** Sends the payment with the cryptogram made for `prep.order`. */
  create(cryptogram: string): Promise<ApiResult<CreateResult>>;
  /** The end of this order number: paid, declined, or 3-D Secure answered. */
  onResult(out: { ok: boolean; error: string }): void;
}

/**
 * The card form of spec/content.md §5 (digits only, 4-4-4-4-3, brand by prefix, the bank of the first six digits),
 * the cryptogram made in the browser (the card never reaches the site), and the 3-D Secure window when the bank asks.
 * Every card payment (Plus, donations, top-ups) goes through it.
 */
/** The mark of the test cashier (PAYMENTS_TEST_CASHIER=1): no money moves, only test cards pay. */
export function TestPaymentsMark() {
  return (
    <span className="payments-test-mark" data-testid="test-payments">
      {t.testPayments}
    </span>
  );
}

export function CardForm({ prep, amount, create, onResult }: CardFormProps) {
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

  const digits = number.replace(/\D/g, '');
  const brand = cardBrand(digits);

  useEffect(() => {
    const prefix = digits.slice(0, 6);
    if (prefix.length < 6 || prefix === bankPrefix.current) return;
    bankPrefix.current = prefix;
    void paymentCalls.bank(prefix).then((r) => setBank(r.ok && !r.data.is_unknown ? r.data : null));
  }, [digits]);

  async function pay(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const [month = '', year = ''] = [expiry.slice(0, 2), expiry.slice(2, 4)];
    if (digits.length < 16 || month.length < 2 || year.length < 2 || cvv.length < 3)
      return setError(messages.paymentCryptogramRequired);
    if (!luhnValid(digits)) return setError(messages.paymentCardNumberInvalid);
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
      return onResult({ ok: false, error: messages.paymentCryptogramInvalid });
    }
    const r = await create(cryptogram);
    if (!r.ok) return onResult({ ok: false, error: r.rm });
    if (r.data.status === 'success') return onResult({ ok: true, error: '' });
    const data: ThreeDsData = r.data;
    waiting.current = wait3ds(data.TransactionId);
    setPending3ds(data);
    open3ds(data);
    onResult(await waiting.current.promise);
  }

  if (pending3ds)
    return (
      <div className="buy__3ds" data-testid="buy-3ds">
        <p>{t.threeDsWaiting}</p>
        <button type="button" className="btn btn-secondary" onClick={() => open3ds(pending3ds)}>
          {t.threeDsOpen}
        </button>
      </div>
    );

  return (
    <form onSubmit={pay} noValidate className="buy__card" data-brand={brand}>
      {prep.cashier.type === 'test' && <TestPaymentsMark />}
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
      <button type="submit" className="btn btn-primary btn-wide" disabled={busy} data-testid="card-pay">
        {busy ? t.paying : t.pay(rub(amount))}
      </button>
    </form>
  );
}

/** A payment's result: the text, then 'done' after a success or 'try again' after a failure. */
export function PaymentResult({
  paid,
  text,
  onDone,
  onRetry,
}: {
  paid: boolean;
  text: string;
  onDone(): void;
  onRetry(): void;
}) {
  return (
    <>
      <p data-testid="buy-result" className={paid ? undefined : 'buy__error'}>
        {text}
      </p>
      {paid ? (
        <button type="button" className="btn btn-primary btn-wide" onClick={onDone} data-testid="buy-done">
          {t.done}
        </button>
      ) : (
        <button type="button" className="btn btn-primary btn-wide" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </>
  );
}

/** The receipt's address when the account has none: checked here before the card step. */
export function EmailStep({
  email,
  onChange,
  onConfirmed,
}: {
  email: string;
  onChange(email: string): void;
  onConfirmed(): void;
}) {
  const [error, setError] = useState('');
  function confirm(e: FormEvent) {
    e.preventDefault();
    if (!EMAIL_RE.test(email.trim())) return setError(messages.paymentEmailInvalid);
    setError('');
    onConfirmed();
  }
  return (
    <form onSubmit={confirm} noValidate>
      <label className="auth-field">
        <span>{t.emailTitle}</span>
        <input
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
          autoFocus
        />
        {error && <em className="auth-error">{error}</em>}
      </label>
      <button type="submit" className="btn btn-primary btn-wide">
        {t.next}
      </button>
    </form>
  );
}

export interface CardPayment {
  title: string;
  /** What is paid for, above the form (e.g. "Донат автору: 250 ₽"). */
  lead: ReactNode;
  /** Whole kopecks. */
  amount: number;
  successText: string;
  create(prep: PrepareData, email: string, cryptogram: string): Promise<ApiResult<CreateResult>>;
}

type Step = 'email' | 'card' | 'success' | 'error';

function CardPaymentForm({ p, onDone }: { p: CardPayment; onDone(paid: boolean): void }) {
  const [prep, setPrep] = useState<PrepareData | null>(null);
  const [step, setStep] = useState<Step>('card');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (prep || step === 'success') return;
    void paymentCalls.prepare().then((r) => {
      if (!r.ok) {
        setError(r.rm);
        return setStep('error');
      }
      setPrep(r.data);
      setEmail((e) => e || r.data.user_email);
      if (!r.data.user_email) setStep((s) => (s === 'card' ? 'email' : s));
    });
  }, [prep, step]);

  return (
    <div className="buy" data-testid="card-popup" data-step={step}>
      <h2 id="card-title">{step === 'error' ? t.errorTitle : p.title}</h2>
      {step === 'success' || step === 'error' ? (
        <PaymentResult
          paid={step === 'success'}
          text={step === 'success' ? p.successText : error}
          onDone={() => onDone(true)}
          onRetry={() => {
            setError('');
            setStep('card');
          }}
        />
      ) : (
        <>
          <p className="buy__hint">{p.lead}</p>
          {step === 'email' && <EmailStep email={email} onChange={setEmail} onConfirmed={() => setStep('card')} />}
          {step === 'card' && prep && (
            <CardForm
              prep={prep}
              amount={p.amount}
              create={(cryptogram) => p.create(prep, email.trim(), cryptogram)}
              onResult={(out) => {
                // Whatever happened, this order number is spent: a retry prepares a new one.
                setPrep(null);
                setError(out.error);
                setStep(out.ok ? 'success' : 'error');
              }}
            />
          )}
        </>
      )}
    </div>
  );
}

/** A card payment of anything but Plus (a donation, a top-up) in a popup; resolves true once paid. */
export function openCardPayment(p: CardPayment): Promise<boolean> {
  return popup.ask<boolean>(
    {
      kind: 'card-payment',
      size: 'small',
      labelledBy: 'card-title',
      render: (done) => <CardPaymentForm p={p} onDone={done} />,
    },
    false,
  );
}
