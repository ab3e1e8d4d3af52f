import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { AD_DEVICES, AD_FORMATS, AD_PLACES, AD_SECTIONS } from '../../../shared/ads.ts';
import type { DistributionData } from '../../../shared/api/distributions.ts';
import { distributionsUi } from '../../../shared/catalogue/distributions.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { ChoiceField, FormField } from '../../ui/FormField.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { ImagePicker } from '../accounts/ImagePicker.tsx';
import { adsCalls } from './calls.ts';
import '../accounts/accounts.css';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';
import { linkField } from '../../ui/Limited.tsx';
import { withHttps } from '../../../shared/links.ts';

const t = distributionsUi.staff;
const f = t.fields;

/** Checkboxes of one list field (`places`, `devices`, `sections`). */
function Checks<T extends string>(p: {
  name: string;
  label: string;
  list: readonly T[];
  names: Record<string, string>;
  value: readonly string[];
  error?: string;
}) {
  return (
    <FormField label={p.label} group error={p.error} errorId={`error-${p.name}`}>
      <div className="ad-form__checks">
        {p.list.map((x) => (
          <label key={x}>
            <input type="checkbox" name={p.name} value={x} defaultChecked={p.value.includes(x)} />
            {p.names[x] ?? x}
          </label>
        ))}
      </div>
    </FormField>
  );
}

/**
 * Staff's campaign form (new or a change): the unit (format, title, text, picture uploaded through the media module,
 * link), the advertiser's marking (name, ИНН, erid), places and targeting, days and limits. The server checks each
 * field and names the wrong one; a saved change shows after the hold.
 */
export function CampaignForm({ initial, onDone }: { initial: DistributionData | null; onDone(): void }) {
  const [image, setImage] = useState<string | null>(initial?.image_url || null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const guard = useUnsaved();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const s = (k: string) => String(form.get(k) ?? '').trim();
    const body = {
      format: s('format'),
      title: s('title'),
      text: s('text'),
      image_url: image ?? '',
      url: withHttps(s('url')),
      advertiser: s('advertiser'),
      inn: s('inn'),
      erid: s('erid'),
      places: form.getAll('places').map(String),
      tags: s('tags'),
      subsite_ids: s('subsite_ids'),
      sections: form.getAll('sections').map(String),
      devices: form.getAll('devices').map(String),
      starts_on: s('starts_on'),
      ends_on: s('ends_on'),
      budget: s('budget'),
      impression_cap: s('impression_cap'),
      frequency_cap: s('frequency_cap'),
    };
    setBusy(true);
    const res = initial ? await adsCalls.edit(initial.id, body) : await adsCalls.create(body);
    setBusy(false);
    if (res.ok) {
      guard.saved();
      toast.show(res.rm, { type: 'success' });
      return onDone();
    }
    const found = (res.data as { errors?: Record<string, string> } | null)?.errors;
    setErrors(found ?? { form: res.rm });
  }

  const field = (name: string) => ({ error: errors[name], errorId: `error-${name}` });
  const input = (name: keyof DistributionData, extra: InputHTMLAttributes<HTMLInputElement> = {}) => {
    const v = initial?.[name];
    const el = (
      <input
        name={name}
        className="form-input"
        data-testid={`ad-field-${name}`}
        defaultValue={Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v)}
        {...extra}
      />
    );
    return extra.maxLength ? <Limited>{el}</Limited> : el;
  };

  return (
    <form ref={guard.ref} className="ad-form" onSubmit={submit} noValidate data-testid="campaign-form">
      <ChoiceField
        name="format"
        label={f.format}
        list={AD_FORMATS}
        names={t.formats}
        value={initial?.format}
        error={errors.format}
      />
      <FormField label={f.title} {...field('title')}>
        {input('title', { maxLength: 120 })}
      </FormField>
      <FormField label={f.text} {...field('text')}>
        <Limited>
          <textarea
            name="text"
            className="form-input"
            rows={3}
            maxLength={500}
            defaultValue={initial?.text}
            data-testid="ad-field-text"
          />
        </Limited>
      </FormField>
      <ImagePicker label={f.image} kind="cover" aspect={16 / 9} url={image} onChange={setImage} testId="ad-image" />
      <FieldError message={errors.image_url ?? ''} testId="error-image_url" />
      <FormField label={f.url} {...field('url')}>
        {input('url', linkField)}
      </FormField>
      <div className="ad-form__row">
        <FormField label={f.advertiser} {...field('advertiser')}>
          {input('advertiser')}
        </FormField>
        <FormField label={f.inn} {...field('inn')}>
          {input('inn', { inputMode: 'numeric', maxLength: 12 })}
        </FormField>
        <FormField label={f.erid} {...field('erid')}>
          {input('erid')}
        </FormField>
      </div>
      <Checks
        name="places"
        label={f.places}
        list={AD_PLACES}
        names={t.places}
        value={initial?.places ?? ['feed']}
        error={errors.places}
      />
      <Checks
        name="devices"
        label={f.devices}
        list={AD_DEVICES}
        names={t.devices}
        value={initial?.devices ?? AD_DEVICES}
        error={errors.devices}
      />
      <Checks
        name="sections"
        label={f.sections}
        list={AD_SECTIONS}
        names={t.sections}
        value={initial?.sections ?? []}
        error={errors.sections}
      />
      <div className="ad-form__row">
        <FormField label={f.tags} {...field('tags')}>
          {input('tags', { placeholder: 'typescript, кофе' })}
        </FormField>
        <FormField label={f.subsites} {...field('subsite_ids')}>
          {input('subsite_ids')}
        </FormField>
      </div>
      <div className="ad-form__row">
        <FormField label={f.startsOn} {...field('starts_on')}>
          {input('starts_on', { type: 'date' })}
        </FormField>
        <FormField label={f.endsOn} {...field('ends_on')}>
          {input('ends_on', { type: 'date' })}
        </FormField>
      </div>
      <div className="ad-form__row">
        <FormField label={f.budget} {...field('budget')}>
          {input('budget', { inputMode: 'numeric' })}
        </FormField>
        <FormField label={f.cap} {...field('impression_cap')}>
          {input('impression_cap', { inputMode: 'numeric' })}
        </FormField>
        <FormField label={f.frequency} {...field('frequency_cap')}>
          {input('frequency_cap', { inputMode: 'numeric' })}
        </FormField>
      </div>
      <FieldError message={errors.form ?? ''} testId="error-form" />
      <div className="ad-staff__actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="campaign-save">
          {t.save}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
