import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { saveCompany } from '../../../shared/api/companies.ts';
import type { CompanyDetails } from '../../../shared/api/discovery.ts';
import { ui } from '../../../shared/catalogue.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { call } from '../../api/call.ts';
import { FormField } from '../../ui/FormField.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { linkField } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';
import { withHttps } from '../../../shared/links.ts';

const t = ui.discovery.company;
const FIELDS = [
  ['website', t.website, 'url'],
  ['phone', t.phone, 'tel'],
  ['email', t.email, 'email'],
  ['inn', t.inn, 'text'],
  ['legal_name', t.legalName, 'text'],
  ['address', t.address, 'text'],
] as const;

/** The commercial contacts in the cabinet: the server normalises the phone and the site and checks the INN. */
export function CompanyContactsForm({ subsiteId, details }: { subsiteId: number; details: CompanyDetails }) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const guard = useUnsaved();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body = Object.fromEntries(FIELDS.map(([name]) => [name, String(f.get(name) ?? '')]));
    body.website = withHttps(body.website);
    setBusy(true);
    const res = await call<typeof saveCompany>('POST /subsite/:id/company', { id: subsiteId, ...body }).finally(() =>
      setBusy(false),
    );
    if (!res.ok) {
      const found = (res.data as { errors?: Record<string, string> } | null)?.errors;
      return setErrors(found ?? {});
    }
    setErrors({});
    guard.saved();
    toast.show(res.rm, { type: 'success' });
    void revalidator.revalidate();
  }

  const initial = (name: (typeof FIELDS)[number][0]) => (name === 'phone' ? formatPhone(details.phone) : details[name]);
  return (
    <form ref={guard.ref} className="company-form" onSubmit={submit} noValidate data-testid="company-form">
      {FIELDS.map(([name, label, type]) => (
        <FormField key={name} label={label} error={errors[name]} errorId={`error-${name}`}>
          <input
            {...(name === 'website' ? linkField : {})}
            name={name}
            type={type}
            className="form-input"
            defaultValue={initial(name)}
            inputMode={name === 'inn' ? 'numeric' : name === 'website' ? 'url' : undefined}
            data-testid={`field-${name.replace(/_/g, '-')}`}
          />
        </FormField>
      ))}
      <div className="company-form__actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="company-save">
          {t.save}
        </button>
      </div>
    </form>
  );
}
