import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import type { create, edit, EventData } from '../../../shared/api/events.ts';
import type { TownData } from '../../../shared/api/vacancies.ts';
import { eventsUi as t } from '../../../shared/catalogue/events.ts';
import { EVENT_FORMATS, EVENT_LIMITS as L, localTime, RUSSIAN_TIME_ZONES } from '../../../shared/events.ts';
import { call } from '../../api/call.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { ChoiceField, FormField } from '../../ui/FormField.tsx';
import { TermsChecks } from '../vacancies/TermsChecks.tsx';
import { TownField } from '../vacancies/TownField.tsx';

type Blog = { id: number; name: string; type: 'user' | 'community' | 'company' };

/** Digits only (spaces between thousands go); empty is no value. */
const price = (s: string) => {
  const digits = s.replace(/[\s\u00a0]/g, '');
  return digits === '' ? null : /^\d+$/.test(digits) ? Number(digits) : digits;
};

/** The event form of `/events/new` and `/events/{id}/edit`: the server checks every field and names the wrong one. */
export function EventForm({ blogs, event }: { blogs: Blog[]; event: EventData | null }) {
  const navigate = useNavigate();
  const [town, setTown] = useState<TownData | null>(event?.town ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? '');
    const body = {
      subsite_id: Number(s('subsite_id')) || undefined,
      title: s('title'),
      description: s('description'),
      starts_at: s('starts_at'),
      ends_at: s('ends_at'),
      time_zone: s('time_zone') || undefined,
      town_id: town?.id ?? null,
      is_online: f.get('is_online') === '1',
      address: s('address'),
      format: s('format'),
      price: price(s('price')),
      register_url: s('register_url').trim(),
      cover_url: s('cover_url').trim(),
      rules: f.get('rules') === '1',
      agreement: f.get('agreement') === '1',
    };
    setBusy(true);
    // The server's schema is the one check; its refusal names the field (`data.errors`).
    const input = body as unknown as Parameters<typeof call<typeof create>>[1];
    const res = event
      ? await call<typeof edit>('POST /events/:id/edit', { ...input, id: event.id })
      : await call<typeof create>('POST /events/create', input);
    setBusy(false);
    if (res.ok) return void navigate(`/events/${res.data.id}`);
    const found = (res.data as { errors?: Record<string, string> } | null)?.errors;
    setErrors(found ?? { form: res.rm });
  }

  const field = (name: string) => ({ error: errors[name], errorId: `error-${name}` });
  const input = (name: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input name={name} className="form-input" data-testid={`field-${name.replace(/_/g, '-')}`} {...extra} />
  );
  const local = (at?: string) => (event && at ? localTime(at, event.time_zone) : undefined);

  return (
    <form className="vacancy-form" onSubmit={submit} noValidate data-testid="event-form">
      {blogs.length > 1 && (
        <FormField label={t.fieldAuthor}>
          <select name="subsite_id" className="form-input" defaultValue={event?.subsite.id} data-testid="field-subsite">
            {blogs.map((b, i) => (
              <option key={b.id} value={b.id}>
                {i === 0 ? `${t.fieldAuthorSelf} (${b.name})` : b.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label={t.fieldTitle} {...field('title')}>
        {input('title', { maxLength: L.title, defaultValue: event?.title })}
      </FormField>
      <div className="vacancy-form__row vacancy-form__row--3">
        <FormField label={t.fieldStart} {...field('starts_at')}>
          {input('starts_at', { type: 'datetime-local', defaultValue: local(event?.starts_at) })}
        </FormField>
        <FormField label={t.fieldEnd} {...field('ends_at')}>
          {input('ends_at', { type: 'datetime-local', defaultValue: local(event?.ends_at) })}
        </FormField>
        <FormField label={t.fieldTimeZone} hint={t.fieldTimeZoneHint} {...field('time_zone')}>
          <select
            name="time_zone"
            className="form-input"
            defaultValue={event?.time_zone ?? ''}
            data-testid="field-time-zone"
          >
            <option value="">{t.fieldTimeZoneAuto}</option>
            {RUSSIAN_TIME_ZONES.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="vacancy-form__row">
        <div className="form-field">
          <TownField value={town} onChange={setTown} testId="field-town" />
          <FieldError message={errors.town_id ?? ''} testId="error-town_id" />
        </div>
        <label className="form-check form-check--inline">
          <input
            type="checkbox"
            name="is_online"
            value="1"
            defaultChecked={event?.is_online}
            data-testid="field-online"
          />
          {t.online}
        </label>
      </div>
      <FormField label={t.fieldAddress} {...field('address')}>
        {input('address', { maxLength: L.address, defaultValue: event?.address })}
      </FormField>
      <div className="vacancy-form__row">
        <ChoiceField
          name="format"
          label={t.format}
          list={EVENT_FORMATS}
          names={t.formats}
          value={event?.format}
          error={errors.format}
          testId="field-format"
        />
        <FormField label={t.fieldPrice} {...field('price')}>
          {input('price', { inputMode: 'numeric', defaultValue: event?.price ?? '' })}
        </FormField>
      </div>
      <FormField label={t.fieldRegisterUrl} {...field('register_url')}>
        {input('register_url', { type: 'url', placeholder: 'https://', defaultValue: event?.register_url })}
      </FormField>
      <FormField label={t.fieldCoverUrl} {...field('cover_url')}>
        {input('cover_url', { type: 'url', placeholder: 'https://', defaultValue: event?.cover_url })}
      </FormField>
      <FormField label={t.fieldDescription} {...field('description')}>
        <textarea
          name="description"
          className="form-input form-textarea"
          rows={10}
          maxLength={L.description}
          defaultValue={event?.description}
          data-testid="field-description"
        />
      </FormField>
      <TermsChecks rulesLink={t.rulesLink} agreementLink={t.agreementLink} lead={t.acceptRules} errors={errors} />
      <FieldError message={errors.form ?? ''} testId="error-form" />
      <button type="submit" className="btn btn-primary btn-wide" disabled={busy} data-testid="event-submit">
        {event ? t.save : t.submit}
      </button>
    </form>
  );
}
