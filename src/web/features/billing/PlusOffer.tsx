import { useState, type FormEvent } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { formatRoubles } from '../../../shared/format.ts';
import type { PlusPageData } from '../../../shared/pages/billing.ts';
import { openAuthPopup } from '../auth/open.ts';
import { openBuyPopup } from '../payments/open.ts';
import { authCalls, setCurrentUser, useCurrentUser } from '../auth/session.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { billingCalls } from './calls.ts';
import { Limited } from '../../ui/Limited.tsx';

const t = ui.billing.plus;

/**
 * The products of /plus with their prices (spec/content.md §9): "buy" opens the buy popup (card); a reader with
 * enough on the balance may pay a period from it, after a redeemed discount code; a promo code field sits under them.
 */
export function PlusOffer({ data, promo }: { data: PlusPageData; promo: string }) {
  const me = useCurrentUser();
  const [balance, setBalance] = useState(data.balance);
  const [discount, setDiscount] = useState(data.discount);
  const [code, setCode] = useState(promo);
  const [busy, setBusy] = useState(false);
  const priceOf = (kopecks: number) => Math.round((kopecks * (100 - discount)) / 100);

  const refreshUser = async () => {
    const res = await authCalls.check();
    if (res.ok) setCurrentUser(res.data.user);
  };
  const pay = async (stuffId: number) => {
    setBusy(true);
    const res = await billingCalls.payPlusFromBalance(stuffId);
    setBusy(false);
    if (!res.ok) return;
    setBalance(res.data.balance);
    setDiscount(0);
    toast.show(res.rm);
    await refreshUser();
  };
  // The payments module's buy popup: it signs the visitor in, takes the tariff, the email and the card.
  const buy = async (stuffId: number) => {
    if (await openBuyPopup(stuffId)) await refreshUser();
  };
  const redeem = async (e: FormEvent) => {
    e.preventDefault();
    if (!me && !(await openAuthPopup())) return;
    setBusy(true);
    const res = await billingCalls.redeem(code);
    setBusy(false);
    if (!res.ok) return;
    toast.show(res.rm);
    if (res.data.discount) setDiscount(res.data.discount);
    await refreshUser();
  };

  return (
    <>
      {me?.is_paid && <p className="plus-status">{t.activeNow}</p>}
      {me && <p className="plus-status">{t.balance(formatRoubles(balance))}</p>}
      <div className="plus-products" data-testid="plus-products">
        {data.products.map((p) => {
          const price = p.recurring ? p.price : priceOf(p.price);
          return (
            <div className="plus-product" key={p.stuff_id} data-testid={`plus-product-${p.stuff_id}`}>
              <span className="plus-product-name">{t.products[p.stuff_id]}</span>
              <span className="plus-product-price">
                {formatRoubles(price)}
                {!p.recurring && discount > 0 && <s className="plus-product-note"> {formatRoubles(p.price)}</s>}
              </span>
              <span className="plus-product-note">{p.recurring ? t.recurring : t.days(p.days)}</span>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => buy(p.stuff_id)}>
                {t.buy}
              </button>
              {me && !p.recurring && balance >= price && (
                <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => pay(p.stuff_id)}>
                  {t.payFromBalance}
                </button>
              )}
            </div>
          );
        })}
      </div>
      <form className="promo-form" onSubmit={redeem} data-testid="promo-form">
        <Limited className="limited--grow">
          <input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-label={t.promo}
            placeholder={t.promo}
            maxLength={32}
          />
        </Limited>
        <button type="submit" className="btn btn-secondary" disabled={busy || !code.trim()}>
          {t.promoApply}
        </button>
      </form>
    </>
  );
}
