import { useEffect, useState, type FormEvent } from 'react';
import {
  AD_DEVICES,
  BOOSTER_DEFAULTS,
  BOOSTER_LIMITS,
  type AdDevice,
  type BoosterSource,
} from '../../../shared/ads.ts';
import type { BoosterOffer } from '../../../shared/api/booster.ts';
import { KOPECKS, TOPUP_MAX, TOPUP_MIN } from '../../../shared/billing.ts';
import { messages } from '../../../shared/catalogue.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import { formatNumber, formatRoubles } from '../../../shared/format.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { billingCalls } from '../billing/calls.ts';
import { openCardPayment } from '../payments/open.ts';
import { adsCalls } from './calls.ts';
import './booster.css';

const t = distributionsUi.booster;
const staffT = distributionsUi.staff;

/** The booster constructor (spec/content.md §2 "booster constructor"): budget, days, audience → the server's estimate. */
export function openBooster(entryId: number, onClosed: () => void) {
  popup.open({
    kind: 'booster',
    size: 'medium',
    title: t.title,
    render: (api) => <BoosterForm entryId={entryId} done={() => api.close()} />,
    onClose: onClosed,
  });
}

const whole = (s: string) => (/^\d{1,7}$/.test(s) ? Number(s) : null);

function BoosterForm({ entryId, done }: { entryId: number; done(): void }) {
  const [budget, setBudget] = useState(String(BOOSTER_DEFAULTS.budget));
  const [days, setDays] = useState(String(BOOSTER_DEFAULTS.days));
  const [device, setDevice] = useState<AdDevice | ''>('');
  const [source, setSource] = useState<BoosterSource>('balance');
  const [offer, setOffer] = useState<BoosterOffer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const b = whole(budget);
  const d = whole(days);
  const valid =
    b !== null &&
    b >= BOOSTER_LIMITS.minBudget &&
    b <= BOOSTER_LIMITS.maxBudget &&
    d !== null &&
    d >= 1 &&
    d <= BOOSTER_LIMITS.maxDays;

  useEffect(() => {
    if (!valid) return;
    const timer = setTimeout(async () => {
      const res = await adsCalls.boosterOffer({ entry_id: entryId, budget: b, days: d, ...(device ? { device } : {}) });
      if (res.ok) {
        setOffer(res.data);
        setError('');
      } else setError(res.rm);
    }, 250);
    return () => clearTimeout(timer);
  }, [entryId, b, d, device, valid]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || !offer || b === null || d === null) {
      setError(b === null || !valid ? messages.boosterBudgetInvalid : messages.boosterDaysInvalid);
      return;
    }
    setBusy(true);
    const cost = offer.estimate.cost;
    // Not enough on the balance: the shortfall (at least the top-up minimum) by card, through the usual top-up.
    if (source === 'balance' && offer.balance < cost) {
      const need = Math.min(TOPUP_MAX * KOPECKS, Math.max(TOPUP_MIN * KOPECKS, cost - offer.balance));
      const paid = await openCardPayment({
        title: t.topUp,
        lead: t.pay(formatRoubles(need)),
        amount: need,
        successText: messages.topupDone,
        create: (prep, email, cryptogram) => billingCalls.topUp(need, { email, order: prep.order, cryptogram }),
      });
      if (!paid) {
        setBusy(false);
        return;
      }
    }
    const res = await adsCalls.boosterBuy({
      entry_id: entryId,
      budget: b,
      days: d,
      pay_from: source,
      ...(device ? { device } : {}),
    });
    setBusy(false);
    if (!res.ok) {
      setError(res.rm);
      return;
    }
    toast.show(res.rm);
    done();
  };

  const running = offer?.running ?? null;
  return (
    <form className="booster" onSubmit={submit} noValidate data-testid="booster-form">
      {offer && <p className="booster-entry">{offer.entry.title}</p>}
      <p className="booster-lead">{t.lead}</p>
      <div className="booster-fields">
        <label>
          {t.budget}
          <input
            inputMode="numeric"
            value={budget}
            onChange={(e) => setBudget(e.target.value.replace(/\D/g, '').slice(0, 7))}
            data-testid="booster-budget"
          />
        </label>
        <label>
          {t.days}
          <input
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value.replace(/\D/g, '').slice(0, 2))}
            data-testid="booster-days"
          />
        </label>
        <label>
          {t.devices}
          <select
            value={device}
            onChange={(e) => setDevice(e.target.value as AdDevice | '')}
            data-testid="booster-device"
          >
            <option value="">{t.allDevices}</option>
            {AD_DEVICES.map((v) => (
              <option key={v} value={v}>
                {staffT.devices[v]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {offer && (
        <p className="booster-estimate" data-testid="booster-estimate" aria-live="polite">
          {t.estimate(formatNumber(offer.estimate.impressions), formatNumber(offer.estimate.reach))}
          <span className="booster-price">{t.price(formatRoubles(offer.price * KOPECKS))}</span>
        </p>
      )}
      {offer && (
        <fieldset className="booster-source">
          <legend>{t.source}</legend>
          <label>
            <input
              type="radio"
              name="booster-source"
              checked={source === 'balance'}
              onChange={() => setSource('balance')}
            />
            {t.fromBalance(formatRoubles(offer.balance))}
          </label>
          {offer.promotion && (
            <label>
              <input
                type="radio"
                name="booster-source"
                checked={source === 'promotion'}
                onChange={() => setSource('promotion')}
                data-testid="booster-promotion"
              />
              {t.fromPromotion(offer.promotion.name, formatRoubles(offer.promotion.balance))}
            </label>
          )}
        </fieldset>
      )}
      {running !== null && <p className="bill-hint">{messages.boosterAlreadyRunning}</p>}
      {error && (
        <p className="bill-error" role="alert">
          {error}
        </p>
      )}
      <div className="booster-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || !offer || running !== null}
          data-testid="booster-pay"
        >
          {t.pay(offer ? formatRoubles(offer.estimate.cost) : '')}
        </button>
        <a href="/ad/stats" className="booster-stats">
          {t.stats}
        </a>
      </div>
    </form>
  );
}
