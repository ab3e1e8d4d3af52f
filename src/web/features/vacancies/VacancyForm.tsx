import { useRef, useState, type FormEvent } from 'react';
import type { TownData, VacancyData } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { EMPLOYMENTS, EXPERIENCES, SPECIALISATIONS, VACANCY_LIMITS as L } from '../../../shared/vacancies.ts';
import { AuthorField, BoardFormEnd, useBoardForm, wholeNumber, type Blog } from '../board/BoardForm.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import { ChoiceField, FormField } from '../../ui/FormField.tsx';
import { TownField } from './TownField.tsx';
import { linkField } from '../../ui/Limited.tsx';
import { withHttps } from '../../../shared/links.ts';
import { BlockEditor, type BlockEditorApi } from '../editor/BlockEditor.tsx';
import '../editor/editor.css';

/** Editor.js tools of a description (shared/vacancy-blocks.ts's block types; a paragraph is a text block). */
const VACANCY_EDITOR_TOOLS = ['paragraph', 'header', 'list', 'quote', 'delimiter'] as const;

/** The vacancy form of `/job/new` and `/job/{id}/edit`: the server checks every field and names the wrong one. */
export function VacancyForm({ blogs, vacancy }: { blogs: Blog[]; vacancy: VacancyData | null }) {
  const [town, setTown] = useState<TownData | null>(vacancy?.town ?? null);
  const { errors, busy, send, field, input, formRef } = useBoardForm('vacancy', vacancy?.id ?? null);
  const editor = useRef<BlockEditorApi | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? '');
    await send({
      subsite_id: Number(s('subsite_id')) || undefined,
      title: s('title'),
      company: s('company'),
      // As the entry editor sends its blocks: JSON text (the request is form-encoded, which would make numbers strings).
      description: JSON.stringify((await editor.current?.read()) ?? []),
      salary_from: wholeNumber(s('salary_from')),
      salary_to: wholeNumber(s('salary_to')),
      town_id: town?.id ?? null,
      is_remote: f.get('is_remote') === '1',
      specialisation: s('specialisation'),
      experience: s('experience'),
      employment: s('employment'),
      apply_url: withHttps(s('apply_url')),
      apply_contact: s('apply_contact'),
      rules: f.get('rules') === '1',
      agreement: f.get('agreement') === '1',
    });
  }

  const err = (k: string) => <FieldError message={errors[k] ?? ''} testId={`error-${k}`} />;

  return (
    <form ref={formRef} className="vacancy-form" onSubmit={submit} noValidate data-testid="vacancy-form">
      <AuthorField kind="vacancy" blogs={blogs} value={vacancy?.subsite.id} />
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
        <div className="form-input ed-field" data-testid="field-description">
          <BlockEditor
            initial={vacancy?.description ?? []}
            onChange={() => undefined}
            apiRef={editor}
            only={VACANCY_EDITOR_TOOLS}
          />
        </div>
      </FormField>
      <FormField label={t.fieldApplyUrl} {...field('apply_url')}>
        {input('apply_url', { ...linkField, defaultValue: vacancy?.apply_url })}
      </FormField>
      <FormField label={t.fieldApplyContact} {...field('apply_contact')}>
        {input('apply_contact', { maxLength: L.apply, defaultValue: vacancy?.apply_contact })}
      </FormField>
      <BoardFormEnd kind="vacancy" errors={errors} busy={busy} editing={Boolean(vacancy)} />
    </form>
  );
}
