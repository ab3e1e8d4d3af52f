import { useState, type FormEvent } from 'react';
import type { EventData } from '../../../shared/api/events.ts';
import type { TownData } from '../../../shared/api/vacancies.ts';
import { eventsUi as t } from '../../../shared/catalogue/events.ts';
import { EVENT_FORMATS, EVENT_LIMITS as L, localTime, RUSSIAN_TIME_ZONES } from '../../../shared/events.ts';
import { AuthorField, BoardFormEnd, useBoardForm, wholeNumber, type Blog } from '../board/BoardForm.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import { ChoiceField, FormField } from '../../ui/FormField.tsx';
import { Limited } from '../../ui/Limited.tsx';
import { linkField } from '../../ui/Limited.tsx';
import { withHttps } from '../../../shared/links.ts';
import { TownField } from '../vacancies/TownField.tsx';
import { ImagePicker } from '../accounts/ImagePicker.tsx';
import '../accounts/accounts.css';

/** The event form of `/events/new` and `/events/{id}/edit`: the server checks every field and names the wrong one. */
export function EventForm({ blogs, event }: { blogs: Blog[]; event: EventData | null }) {
  const [town, setTown] = useState<TownData | null>(event?.town ?? null);
  const [cover, setCover] = useState<string | null>(event?.cover_url || null);
  const { errors, busy, send, field, input, formRef } = useBoardForm('event', event?.id ?? null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? '');
    await send({
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
      price: wholeNumber(s('price')),
      register_url: withHttps(s('register_url')),
      cover_url: cover ?? '',
      rules: f.get('rules') === '1',
      agreement: f.get('agreement') === '1',
    });
  }

  const local = (at?: string) => (event && at ? localTime(at, event.time_zone) : undefined);

  return (
    <form ref={formRef} className="vacancy-form" onSubmit={submit} noValidate data-testid="event-form">
      <AuthorField kind="event" blogs={blogs} value={event?.subsite.id} />
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
        {input('register_url', { ...linkField, defaultValue: event?.register_url })}
      </FormField>
      <ImagePicker
        label={t.fieldCover}
        kind="cover"
        aspect={16 / 9}
        url={cover}
        onChange={setCover}
        testId="event-cover"
      />
      <FieldError message={errors.cover_url ?? ''} testId="error-cover_url" />
      <FormField label={t.fieldDescription} {...field('description')}>
        <Limited>
          <textarea
            name="description"
            className="form-input form-textarea"
            rows={10}
            maxLength={L.description}
            defaultValue={event?.description}
            data-testid="field-description"
          />
        </Limited>
      </FormField>
      <BoardFormEnd kind="event" errors={errors} busy={busy} editing={Boolean(event)} />
    </form>
  );
}
