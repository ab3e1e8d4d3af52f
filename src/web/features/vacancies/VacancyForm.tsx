import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { create, edit, TownData, VacancyData } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { EMPLOYMENTS, EXPERIENCES, SPECIALISATIONS, VACANCY_LIMITS as L } from '../../../shared/vacancies.ts';
import { call } from '../../api/call.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { TownField } from './TownField.tsx';
import { BlockEditor, type BlockEditorApi } from '../editor/BlockEditor.tsx';
import '../editor/editor.css';

/** Editor.js tools of a description (shared/vacancy-blocks.ts's block types; a paragraph is a text block). */
const VACANCY_EDITOR_TOOLS = ['paragraph', 'header', 'list', 'quote', 'delimiter'] as const;

type Blog = { id: number; name: string; type: 'user' | 'community' | 'company' };

/** Digits only (spaces a reader types between thousands go); empty is no value. */
const salary = (s: string) => {
  const digits = s.replace(/[\s\u00a0]/g, '');
  return digits === '' ? null : /^\d+$/.test(digits) ? Number(digits) : digits;
};

/** The vacancy form of `/job/new` and `/job/{id}/edit`: the server checks every field and names the wrong one. */
export function VacancyForm({ blogs, vacancy }: { blogs: Blog[]; vacancy: VacancyData | null }) {
  const navigate = useNavigate();
  const [town, setTown] = useState<TownData | null>(vacancy?.town ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const editor = useRef<BlockEditorApi | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? '');
    const body = {
      subsite_id: Number(s('subsite_id')) || undefined,
      title: s('title'),
      company: s('company'),
      // As the entry editor sends its blocks: JSON text (the request is form-encoded, which would make numbers strings).
      description: JSON.stringify((await editor.current?.read()) ?? []),
      salary_from: salary(s('salary_from')),
      salary_to: salary(s('salary_to')),
      town_id: town?.id ?? null,
      is_remote: f.get('is_remote') === '1',
      specialisation: s('specialisation'),
      experience: s('experience'),
      employment: s('employment'),
      apply_url: s('apply_url').trim(),
      apply_contact: s('apply_contact'),
      rules: f.get('rules') === '1',
      agreement: f.get('agreement') === '1',
    };
    setBusy(true);
    // The server's schema is the one check; its refusal names the field (`data.errors`).
    const input = body as unknown as Parameters<typeof call<typeof create>>[1];
    const res = vacancy
      ? await call<typeof edit>('POST /job/:id/edit', { ...input, id: vacancy.id })
      : await call<typeof create>('POST /job/create', input);
    setBusy(false);
    if (res.ok) return void navigate(`/job/${res.data.id}`);
    const found = (res.data as { errors?: Record<string, string> } | null)?.errors;
    setErrors(found ?? { form: res.rm });
  }

  const err = (k: string) => <FieldError message={errors[k] ?? ''} testId={`error-${k}`} />;
  const choice = <T extends string>(
    name: string,
    label: string,
    list: readonly T[],
    names: Record<T, string>,
    v?: T,
  ) => (
    <label className="vacancy-field">
      <span className="vacancy-field__label">{label}</span>
      <select name={name} className="vacancy-input" defaultValue={v ?? list[0]} data-testid={`field-${name}`}>
        {list.map((x) => (
          <option key={x} value={x}>
            {names[x]}
          </option>
        ))}
      </select>
      {err(name)}
    </label>
  );

  return (
    <form className="vacancy-form" onSubmit={submit} noValidate data-testid="vacancy-form">
      {blogs.length > 1 && (
        <label className="vacancy-field">
          <span className="vacancy-field__label">{t.fieldAuthor}</span>
          <select
            name="subsite_id"
            className="vacancy-input"
            defaultValue={vacancy?.subsite.id}
            data-testid="field-subsite"
          >
            {blogs.map((b, i) => (
              <option key={b.id} value={b.id}>
                {i === 0 ? `${t.fieldAuthorSelf} (${b.name})` : b.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="vacancy-field">
        <span className="vacancy-field__label">{t.fieldTitle}</span>
        <input
          name="title"
          className="vacancy-input"
          maxLength={L.title}
          defaultValue={vacancy?.title}
          data-testid="field-title"
        />
        {err('title')}
      </label>
      <label className="vacancy-field">
        <span className="vacancy-field__label">{t.fieldCompany}</span>
        <input
          name="company"
          className="vacancy-input"
          maxLength={L.company}
          defaultValue={vacancy?.company}
          data-testid="field-company"
        />
        <span className="vacancy-field__hint">{t.fieldCompanyHint}</span>
        {err('company')}
      </label>
      <div className="vacancy-form__row">
        <label className="vacancy-field">
          <span className="vacancy-field__label">{t.salaryFrom}</span>
          <input
            name="salary_from"
            inputMode="numeric"
            className="vacancy-input"
            defaultValue={vacancy?.salary_from ?? ''}
            data-testid="field-salary-from"
          />
          {err('salary_from')}
        </label>
        <label className="vacancy-field">
          <span className="vacancy-field__label">{t.salaryTo}</span>
          <input
            name="salary_to"
            inputMode="numeric"
            className="vacancy-input"
            defaultValue={vacancy?.salary_to ?? ''}
            data-testid="field-salary-to"
          />
          {err('salary_to')}
        </label>
      </div>
      <div className="vacancy-form__row">
        <div className="vacancy-field">
          <TownField value={town} onChange={setTown} testId="field-town" />
          {err('town_id')}
        </div>
        <label className="vacancy-check vacancy-check--inline">
          <input
            type="checkbox"
            name="is_remote"
            value="1"
            defaultChecked={vacancy?.is_remote}
            data-testid="field-remote"
          />
          {t.remote}
        </label>
      </div>
      <div className="vacancy-form__row vacancy-form__row--3">
        {choice('specialisation', t.specialisation, SPECIALISATIONS, t.specialisations, vacancy?.specialisation)}
        {choice('experience', t.experience, EXPERIENCES, t.experiences, vacancy?.experience)}
        {choice('employment', t.employment, EMPLOYMENTS, t.employments, vacancy?.employment)}
      </div>
      <div className="vacancy-field" data-testid="field-description">
        <span className="vacancy-field__label">{t.fieldDescription}</span>
        <div className="vacancy-input vacancy-editor">
          <BlockEditor
            initial={vacancy?.description ?? []}
            onChange={() => undefined}
            apiRef={editor}
            only={VACANCY_EDITOR_TOOLS}
          />
        </div>
        {err('description')}
      </div>
      <label className="vacancy-field">
        <span className="vacancy-field__label">{t.fieldApplyUrl}</span>
        <input
          name="apply_url"
          type="url"
          className="vacancy-input"
          placeholder="https://"
          defaultValue={vacancy?.apply_url}
          data-testid="field-apply-url"
        />
        {err('apply_url')}
      </label>
      <label className="vacancy-field">
        <span className="vacancy-field__label">{t.fieldApplyContact}</span>
        <input
          name="apply_contact"
          className="vacancy-input"
          maxLength={L.apply}
          defaultValue={vacancy?.apply_contact}
          data-testid="field-apply-contact"
        />
        {err('apply_contact')}
      </label>
      <label className="vacancy-check">
        <input type="checkbox" name="rules" value="1" data-testid="field-rules" />
        <span>
          {t.acceptRules}{' '}
          <Link to="/job/rules" target="_blank">
            {t.rulesLink}
          </Link>
        </span>
      </label>
      {err('rules')}
      <label className="vacancy-check">
        <input type="checkbox" name="agreement" value="1" data-testid="field-agreement" />
        <span>
          {t.acceptRules}{' '}
          <Link to="/job/agreement" target="_blank">
            {t.agreementLink}
          </Link>
        </span>
      </label>
      {err('agreement')}
      {err('form')}
      <button type="submit" className="btn btn-primary btn-wide" disabled={busy} data-testid="vacancy-submit">
        {vacancy ? t.save : t.submit}
      </button>
    </form>
  );
}
