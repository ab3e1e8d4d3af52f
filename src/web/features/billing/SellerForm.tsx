import { useState, type FormEvent } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { VAT_RATES, type SellerRequisites } from '../../../shared/requisites.ts';
import type { saveSeller } from '../../../shared/api/billing-admin.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import './billing.css';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';

const t = ui.billing.seller;
const EMPTY: SellerRequisites = {
  name: '',
  inn: '',
  kpp: '',
  ogrn: '',
  address: '',
  bank: '',
  bik: '',
  account: '',
  corr_account: '',
  vat: 'none',
};
type Errors = Partial<Record<keyof SellerRequisites, string>>;

/**
 * The superuser's form of the seller's requisites (`/admin/billing`): every invoice prints them; until they are saved
 * nobody can get an invoice, which the notice on top says. The server checks each number; its errors show by the field.
 */
export function SellerForm({ initial }: { initial: SellerRequisites | null }) {
  const [form, setForm] = useState<SellerRequisites>(initial ?? EMPTY);
  const [saved, setSaved] = useState(initial !== null);
  const [errors, setErrors] = useState<Errors>({});
  const guard = useUnsaved();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const res = await call<typeof saveSeller>('POST /admin/seller', { ...form }, { notify: false });
    if (res.ok) {
      guard.saved();
      toast.show(res.rm);
      setForm(res.data.seller);
      setSaved(true);
      setErrors({});
    } else setErrors((res.data as { errors?: Errors })?.errors ?? { name: res.rm });
  };
  const field = (name: Exclude<keyof SellerRequisites, 'vat'>, label: string, props: Record<string, unknown> = {}) => (
    <label className="bill-field">
      {label}
      <Limited>
        <input
          name={name}
          value={form[name]}
          onChange={(e) => {
            setForm({ ...form, [name]: e.target.value });
            setErrors({ ...errors, [name]: undefined });
          }}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `seller-${name}-error` : undefined}
          {...props}
        />
      </Limited>
      {errors[name] && (
        <span className="bill-error" id={`seller-${name}-error`} role="alert">
          {errors[name]}
        </span>
      )}
    </label>
  );
  const numeric = (maxLength: number) => ({ inputMode: 'numeric', maxLength, autoComplete: 'off' });

  return (
    <section className="disc-card" data-testid="seller-form" aria-labelledby="seller-title">
      <h2 className="disc-title" id="seller-title">
        {t.title}
      </h2>
      {!saved && (
        <p className="bill-error" role="status" data-testid="seller-missing">
          {t.missing}
        </p>
      )}
      <p className="bill-hint">{t.lead}</p>
      <form ref={guard.ref} className="bill-form" onSubmit={save} noValidate>
        {field('name', t.name, { maxLength: 500 })}
        <div className="bill-row">
          {field('inn', t.inn, numeric(12))}
          {field('kpp', t.kpp, { maxLength: 9, autoComplete: 'off' })}
          {field('ogrn', t.ogrn, numeric(15))}
        </div>
        {field('address', t.address, { maxLength: 500 })}
        <div className="bill-row">
          {field('bank', t.bank, { maxLength: 500 })}
          {field('bik', t.bik, numeric(9))}
        </div>
        <div className="bill-row">
          {field('account', t.account, numeric(20))}
          {field('corr_account', t.corrAccount, numeric(20))}
        </div>
        <label className="bill-field">
          {t.vat}
          <select name="vat" value={form.vat} onChange={(e) => setForm({ ...form, vat: e.target.value as never })}>
            {VAT_RATES.map((r) => (
              <option key={r} value={r}>
                {r === 'none' ? t.vatNone : t.vatRate(r)}
              </option>
            ))}
          </select>
        </label>
        <div className="bill-actions">
          <button type="submit" className="btn btn-primary">
            {t.save}
          </button>
        </div>
      </form>
    </section>
  );
}
