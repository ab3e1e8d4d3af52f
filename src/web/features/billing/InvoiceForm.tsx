import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isValidInn, isValidKpp, needsKpp } from '../../../shared/billing.ts';
import type { CompanySuggestion } from '../../../shared/api/billing.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import { formatRoubles } from '../../../shared/format.ts';
import { EMAIL_RE } from '../../../shared/validation.ts';
import type { Product } from '../../../shared/payments.ts';
import { billingCalls } from './calls.ts';
import { Limited } from '../../ui/Limited.tsx';

const t = ui.billing.invoice;
/** spec/foundation.md §9: a server search waits 300 ms after the last key. */
const DEBOUNCE_MS = 300;

type Fields = { inn: string; kpp: string; name: string; address: string; email: string };
type Errors = Partial<Record<keyof Fields, string>>;

/** The same rules as the server's (`/tools/bills/store`), so a mistake is shown before the page is left. */
function check(f: Fields): Errors {
  const e: Errors = {};
  const inn = f.inn.trim();
  const kpp = f.kpp.trim().toUpperCase();
  if (!isValidInn(inn)) e.inn = messages.innInvalid;
  else if (needsKpp(inn) && !kpp) e.kpp = messages.kppRequired;
  else if (!needsKpp(inn) && kpp) e.kpp = messages.kppForbidden;
  if (kpp && !isValidKpp(kpp)) e.kpp = messages.kppInvalid;
  if (!f.name.trim()) e.name = messages.companyNameRequired;
  if (!f.address.trim()) e.address = messages.companyAddressRequired;
  if (!EMAIL_RE.test(f.email.trim())) e.email = messages.emailInvalid;
  return e;
}

/**
 * The invoice form (spec/content.md §2): a company found by name or INN fills the details; the form goes to
 * `/tools/bills/store` as a plain GET, which answers with the PDF invoice.
 */
export function InvoiceForm({ products, email }: { products: Product[]; email: string }) {
  const oneOff = products.filter((p) => !p.recurring);
  const [fields, setFields] = useState<Fields>({ inn: '', kpp: '', name: '', address: '', email });
  const [errors, setErrors] = useState<Errors>({});
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<CompanySuggestion[]>([]);
  const latest = useRef('');

  useEffect(() => {
    const q = query.trim();
    latest.current = q;
    if (q.length < 3) {
      setFound([]);
      return;
    }
    const timer = setTimeout(async () => {
      const res = await billingCalls.suggest(q);
      if (latest.current === q) setFound(res.ok ? res.data.items : []);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const set = (key: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };
  const pick = (c: CompanySuggestion) => {
    setFields((f) => ({ ...f, inn: c.inn, kpp: c.kpp, name: c.value, address: c.address }));
    setErrors({});
    setFound([]);
    setQuery(c.value);
  };
  const submit = (e: FormEvent) => {
    const found = check(fields);
    if (Object.keys(found).length) {
      e.preventDefault();
      setErrors(found);
    }
  };
  const field = (key: keyof Fields, label: string, props: Record<string, unknown> = {}) => (
    <label className="bill-field">
      {label}
      <Limited>
        <input
          name={key}
          value={fields[key]}
          onChange={set(key)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `bill-${key}-error` : undefined}
          {...props}
        />
      </Limited>
      {errors[key] && (
        <span className="bill-error" id={`bill-${key}-error`} role="alert">
          {errors[key]}
        </span>
      )}
    </label>
  );

  return (
    <form
      className="bill-form"
      action="/tools/bills/store"
      method="get"
      onSubmit={submit}
      noValidate
      data-testid="invoice-form"
    >
      <label className="bill-field">
        {t.company}
        <input
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          aria-describedby="bill-company-hint"
          data-testid="invoice-company"
        />
        <span className="bill-hint" id="bill-company-hint">
          {t.companyHint}
        </span>
        {found.length > 0 && (
          <ul className="bill-suggest" data-testid="invoice-suggestions">
            {found.map((c) => (
              <li key={`${c.inn}-${c.kpp}`}>
                <button type="button" onClick={() => pick(c)}>
                  {c.value}
                  <small>
                    {t.inn} {c.inn}
                    {c.address ? `, ${c.address}` : ''}
                  </small>
                </button>
              </li>
            ))}
          </ul>
        )}
      </label>
      <div className="bill-row">
        {field('inn', t.inn, { inputMode: 'numeric', maxLength: 12, autoComplete: 'off' })}
        {field('kpp', t.kpp, { maxLength: 9, autoComplete: 'off' })}
      </div>
      {field('name', t.name, { maxLength: 300 })}
      {field('address', t.address, { maxLength: 500 })}
      <div className="bill-row">
        {field('email', t.email, { type: 'email', autoComplete: 'email' })}
        <label className="bill-field">
          {t.stuff}
          <select name="stuff_id" defaultValue={oneOff[oneOff.length - 1]?.stuff_id}>
            {oneOff.map((p) => (
              <option key={p.stuff_id} value={p.stuff_id}>
                {ui.billing.plus.products[p.stuff_id]} — {formatRoubles(p.price)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div>
        <button type="submit" className="btn btn-primary">
          {t.submit}
        </button>
      </div>
    </form>
  );
}
