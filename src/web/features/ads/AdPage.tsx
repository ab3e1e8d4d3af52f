import { useState, type FormEvent } from 'react';
import { AD_FORMATS, type AdPrices } from '../../../shared/ads.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import { formatNumber } from '../../../shared/format.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { ChoiceField, FormField } from '../../ui/FormField.tsx';
import { adsCalls } from './calls.ts';
import './ads.css';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';

const t = distributionsUi.page;
const formats = distributionsUi.staff.formats;

/** The advertisers' page: the two formats with staff's prices, what every unit carries, and the request form. */
export function AdPage({ prices }: { prices: AdPrices }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useUnsaved();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = Object.fromEntries(
      ['name', 'email', 'company', 'format', 'message'].map((k) => [k, String(form.get(k) ?? '').trim()]),
    );
    setBusy(true);
    const res = await adsCalls.sendRequest(body);
    setBusy(false);
    if (res.ok) return setSent(res.rm);
    const found = (res.data as { errors?: Record<string, string> } | null)?.errors;
    setErrors(found ?? { form: res.rm });
  }
  const field = (name: string) => ({ error: errors[name], errorId: `error-${name}` });

  return (
    <div className="page ad-page" data-testid="ad-page">
      <h1 className="page-title">{t.title}</h1>
      <p>{t.lead}</p>
      <h2>{t.formats}</h2>
      <div className="ad-page__formats">
        {AD_FORMATS.map((k) => (
          <section key={k} className="ad-page__format" data-testid={`ad-format-${k}`}>
            <h3>{formats[k]}</h3>
            <p>{k === 'native' ? t.formatNative : t.formatBanner}</p>
            <p className="ad-page__price">{t.price(`${formatNumber(prices[k])} ₽`)}</p>
          </section>
        ))}
      </div>
      <p>{t.targeting}</p>
      <p>{t.marking}</p>
      <h2>{t.form}</h2>
      {sent ? (
        <p className="ad-form" role="status" data-testid="ad-request-sent">
          {sent}
        </p>
      ) : (
        <form ref={guard.ref} className="ad-form" onSubmit={submit} noValidate data-testid="ad-request-form">
          <div className="ad-form__row">
            <FormField label={t.name} {...field('name')}>
              <Limited>
                <input name="name" className="form-input" maxLength={100} autoComplete="name" />
              </Limited>
            </FormField>
            <FormField label={t.email} {...field('email')}>
              <input name="email" type="email" className="form-input" autoComplete="email" />
            </FormField>
          </div>
          <div className="ad-form__row">
            <FormField label={t.company} {...field('company')}>
              <Limited>
                <input name="company" className="form-input" maxLength={200} autoComplete="organization" />
              </Limited>
            </FormField>
            <ChoiceField
              name="format"
              label={t.format}
              list={AD_FORMATS}
              names={formats}
              empty={t.anyFormat}
              error={errors.format}
            />
          </div>
          <FormField label={t.message} {...field('message')}>
            <Limited>
              <textarea name="message" className="form-input" rows={5} maxLength={3000} />
            </Limited>
          </FormField>
          <FieldError message={errors.form ?? ''} testId="error-form" />
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="ad-request-send">
              {t.send}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
