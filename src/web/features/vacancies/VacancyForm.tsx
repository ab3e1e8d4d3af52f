import { useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import type { create, edit, TownData, VacancyData } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { EMPLOYMENTS, EXPERIENCES, SPECIALISATIONS, VACANCY_LIMITS as L } from '../../../shared/vacancies.ts';
import { call } from '../../api/call.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { ChoiceField, FormField } from '../../ui/FormField.tsx';
import { TermsChecks } from './TermsChecks.tsx';
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
  const field = (name: string) => ({ error: errors[name], errorId: `error-${name}` });
  const input = (name: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input name={name} className="form-input" data-testid={`field-${name.replace(/_/g, '-')}`} {...extra} />
  );

  return (
    <form className="vacancy-form" onSubmit={submit} noValidate data-testid="vacancy-form">
      {blogs.length > 1 && (
        <FormField label={t.fieldAuthor}>
          <select
            name="subsite_id"
            className="form-input"
            defaultValue={vacancy?.subsite.id}
            data-testid="field-subsite"
          >
            {blogs.map((b, i) => (
              <option key={b.id} value={b.id}>
                {i === 0 ? `${t.fieldAuthorSelf} (${b.name})` : b.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label={t.fieldTitle} {...field('title')}>
        {input('title', { maxLength: L.title, defaultValue: vacancy?.title })}
      </FormField>
      <FormField label={t.fieldCompany} hint={t.fieldCompanyHint} {...field('company')}>
        {input('company', { maxLength: L.company, defaultValue: vacancy?.company })}
      </FormField>
      <div className="vacancy-form__row">
        <FormField label={t.salaryFrom} {...field('salary_from')}>
          {input('salary_from', { inputMode: 'numeric', defaultValue: vacancy?.salary_from ?? '' })}
        </FormField>
        <FormField label={t.salaryTo} {...field('salary_to')}>
          {input('salary_to', { inputMode: 'numeric', defaultValue: vacancy?.salary_to ?? '' })}
        </FormField>
      </div>
      <div className="vacancy-form__row">
        <div className="form-field">
          <TownField value={town} onChange={setTown} testId="field-town" />
          {err('town_id')}
        </div>
        <label className="form-check form-check--inline">
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
        <ChoiceField
          name="specialisation"
          label={t.specialisation}
          list={SPECIALISATIONS}
          names={t.specialisations}
          value={vacancy?.specialisation}
          error={errors.specialisation}
          testId="field-specialisation"
        />
        <ChoiceField
          name="experience"
          label={t.experience}
          list={EXPERIENCES}
          names={t.experiences}
          value={vacancy?.experience}
          error={errors.experience}
          testId="field-experience"
        />
        <ChoiceField
          name="employment"
          label={t.employment}
          list={EMPLOYMENTS}
          names={t.employments}
          value={vacancy?.employment}
          error={errors.employment}
          testId="field-employment"
        />
      </div>
      <FormField label={t.fieldDescription} group {...field('description')}>
        <div className="form-input vacancy-editor" data-testid="field-description">
          <BlockEditor
            initial={vacancy?.description ?? []}
            onChange={() => undefined}
            apiRef={editor}
            only={VACANCY_EDITOR_TOOLS}
          />
        </div>
      </FormField>
      <FormField label={t.fieldApplyUrl} {...field('apply_url')}>
        {input('apply_url', { type: 'url', placeholder: 'https://', defaultValue: vacancy?.apply_url })}
      </FormField>
      <FormField label={t.fieldApplyContact} {...field('apply_contact')}>
        {input('apply_contact', { maxLength: L.apply, defaultValue: vacancy?.apply_contact })}
      </FormField>
      <TermsChecks rulesLink={t.rulesLink} agreementLink={t.agreementLink} lead={t.acceptRules} errors={errors} />
      {err('form')}
      <button type="submit" className="btn btn-primary btn-wide" disabled={busy} data-testid="vacancy-submit">
        {vacancy ? t.save : t.submit}
      </button>
    </form>
  );
}
