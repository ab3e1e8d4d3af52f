import { useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { formatDate, formatDateTime, formatRoubles } from '../../../shared/format.ts';
import { GIFT_PERIODS } from '../../../shared/payments.ts';
import type { PaymentItem, PlusStatus, StaffPaymentItem } from '../../../shared/api/payments.ts';
import { digitsOnly } from '../../../shared/payments.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { openBuyPopup } from './BuyPopup.tsx';
import { paymentCalls } from './calls.ts';
import '../auth/auth.css';
import './payments.css';

const t = ui.payments;

function PaymentList({
  items,
  onRefund,
}: {
  items: (PaymentItem & Partial<Pick<StaffPaymentItem, 'user_id' | 'flag'>>)[];
  onRefund?(id: number): void;
}) {
  if (!items.length) return <p className="buy__hint">{t.historyEmpty}</p>;
  return (
    <ul className="payments-list" data-testid="payments-list">
      {items.map((p) => (
        <li key={p.id} data-status={p.status} data-order={p.id}>
          <span>
            №{p.id}
            {p.user_id !== undefined && ` · id${p.user_id}`} · {t.tariffs[p.stuff_id ?? 0] ?? t.kinds[p.kind] ?? p.kind}
            {p.recipient_id !== null && p.recipient_id !== p.user_id && ` → id${p.recipient_id}`}
          </span>
          <b>{formatRoubles(p.amount)}</b>
          <span className="buy__hint">
            {t.status[p.status] ?? p.status}
            {p.card_last4 && ` · •••• ${p.card_last4}`} · {formatDateTime(p.created_at)}
            {p.reason && p.status === 'declined' && ` · ${p.reason}`}
          </span>
          {p.flag && (
            <span className="payments-flag" data-testid="payment-flag">
              {t.flagNotAtProvider}
            </span>
          )}
          {onRefund && p.status === 'paid' && p.amount > 0 && (
            <button type="button" className="btn btn-secondary" data-testid="refund" onClick={() => onRefund(p.id)}>
              {t.refund}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** `/u/me/settings#payments`: Plus and its end, the next recurring charge with its options, the reader's payments. */
export function PaymentsSection() {
  const [status, setStatus] = useState<PlusStatus | null>(null);
  const [items, setItems] = useState<PaymentItem[]>([]);
  const load = () => {
    void paymentCalls.status().then((r) => r.ok && setStatus(r.data));
    void paymentCalls.history().then((r) => r.ok && setItems(r.data));
  };
  useEffect(load, []);

  function options(recurring: NonNullable<PlusStatus['recurring']>) {
    popup.open({
      kind: 'recurring-options',
      size: 'small',
      labelledBy: 'recurring-title',
      render: ({ close }) => (
        <div className="buy" data-testid="recurring-options">
          <h2 id="recurring-title">{t.recurringOptions}</h2>
          <p>{t.nextCharge(formatDate(recurring.date_next_transaction), formatRoubles(recurring.price))}</p>
          <p className="buy__hint">{t.recurringSince(formatDate(recurring.date_created))}</p>
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="recurring-cancel"
            onClick={() => {
              close();
              void cancel();
            }}
          >
            {t.cancelRecurring}
          </button>
        </div>
      ),
    });
  }

  async function cancel() {
    const { status: confirmed, data } = await openModal({
      kind: 'reject',
      title: t.cancelReasonTitle,
      reasonLabel: t.cancelReasonPlaceholder,
      confirmLabel: t.cancelConfirm,
      danger: true,
    });
    if (!confirmed) return;
    const r = await paymentCalls.cancel(String(data.reason_text ?? ''));
    if (!r.ok) return;
    setStatus(r.data);
    toast.show(t.cancelled, { type: 'success' });
  }

  return (
    <section className="settings-section" id="payments" data-testid="settings-payments">
      <h2>{t.paymentsSection}</h2>
      {status && (
        <div className="payments-status">
          <p data-testid="plus-status">
            {status.is_paid && status.paid_until ? t.plusActive(formatDate(status.paid_until)) : t.plusNone}
          </p>
          {status.recurring ? (
            <>
              <p>
                {t.nextCharge(
                  formatDate(status.recurring.date_next_transaction),
                  formatRoubles(status.recurring.price),
                )}
              </p>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => status.recurring && options(status.recurring)}
                data-testid="recurring-open"
              >
                {t.recurringOptions}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => openBuyPopup().then((paid) => paid && load())}
              data-testid="buy-plus"
            >
              {t.buyTitle}
            </button>
          )}
        </div>
      )}
      <PaymentList items={items} />
    </section>
  );
}

function GiftForm({ onDone, to }: { onDone(): void; to?: { id: number; name: string } }) {
  const [userId, setUserId] = useState(to ? String(to.id) : '');
  const [days, setDays] = useState<number>(GIFT_PERIODS[0].days);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const r = await paymentCalls.gift(Number(userId), days);
    if (!r.ok) return;
    toast.show(t.gifted, { type: 'success' });
    onDone();
  }
  return (
    <form className="buy" onSubmit={submit} data-testid="gift-form">
      <h2 id="gift-title">{t.giftTitle}</h2>
      {to ? (
        <p className="buy__hint" data-testid="gift-receiver">
          {t.giftReceiver(to.name)}
        </p>
      ) : (
        <label className="auth-field">
          <span>{t.giftFor}</span>
          <input
            inputMode="numeric"
            value={userId}
            onChange={(e) => setUserId(digitsOnly(e.target.value, 10))}
            required
          />
        </label>
      )}
      <fieldset className="buy__tariffs">
        <legend className="visually-hidden">{t.giftTitle}</legend>
        {GIFT_PERIODS.map((p) => (
          <label key={p.days} className="buy__tariff" data-selected={p.days === days || undefined}>
            <input type="radio" name="days" checked={p.days === days} onChange={() => setDays(p.days)} />
            <span>{t.giftPeriods[p.days]}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary btn-wide">
        {t.gift}
      </button>
    </form>
  );
}

/**
 * The gift modal of staff and community managers: a reader (given, from their profile; or typed by number), one month,
 * three months or a year. The server decides who may gift whom.
 */
export function openGiftPopup(to?: { id: number; name: string }): void {
  popup.open({
    kind: 'gift-plus',
    size: 'small',
    labelledBy: 'gift-title',
    render: ({ close }) => <GiftForm onDone={close} to={to} />,
  });
}

/** The staff list of orders, charges and refunds, with a refund per paid order. */
export function StaffPayments() {
  const [items, setItems] = useState<StaffPaymentItem[]>([]);
  const load = () => void paymentCalls.staffOrders().then((r) => r.ok && setItems(r.data));
  useEffect(load, []);
  async function refund(id: number) {
    const preview = await paymentCalls.refundPreview(id);
    if (!preview.ok) return;
    const { amount, site_covers: covers, refund: back } = preview.data;
    const text = covers
      ? `№${id}. ${t.refundSiteCovers(formatRoubles(amount - covers), formatRoubles(covers))}`
      : back < amount
        ? `№${id}. ${t.refundTopupPart(formatRoubles(back), formatRoubles(amount), formatRoubles(amount - back))}`
        : `№${id}`;
    const { status } = await openModal({ title: t.refund, text, confirmLabel: t.refund, danger: true });
    if (!status) return;
    const r = await paymentCalls.refund(id);
    if (!r.ok) return;
    toast.show(t.refunded, { type: 'success' });
    load();
  }
  return (
    <div className="payments-staff">
      <button type="button" className="btn btn-primary" onClick={() => openGiftPopup()} data-testid="gift-open">
        {t.giftTitle}
      </button>
      <PaymentList items={items} onRefund={refund} />
    </div>
  );
}
