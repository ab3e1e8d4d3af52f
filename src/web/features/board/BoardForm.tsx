import { useState, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import type * as eventsApi from '../../../shared/api/events.ts';
import type * as vacanciesApi from '../../../shared/api/vacancies.ts';
import type { ContractInput } from '../../../shared/api/contract.ts';
import { BOARD_KINDS, BOARD_UI, type BoardKind } from '../../../shared/board.ts';
import { call } from '../../api/call.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';
import { TermsChecks } from '../vacancies/TermsChecks.tsx';

/** The blogs a person may post from: their own first, then the companies and communities they run. */
export type Blog = { id: number; name: string; type: 'user' | 'community' | 'company' };

type Writes = typeof vacanciesApi | typeof eventsApi;

/** Digits only (spaces a reader types between thousands go); empty is no value; anything else goes as typed. */
export const wholeNumber = (s: string) => {
  const digits = s.replace(/[\s\u00a0]/g, '');
  return digits === '' ? null : /^\d+$/.test(digits) ? Number(digits) : digits;
};

/**
 * A vacancy's or an event's form (`/job/new`, `/events/{id}/edit`…): `send` posts the fields (creating one, or
 * changing `editing`) and opens the item's page; the server's schema is the one check, and its refusal names the
 * field (`data.errors`), shown beside it (`field`) or under the form.
 */
export function useBoardForm(kind: BoardKind, editing: number | null) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const path = BOARD_KINDS[kind].path;
  const guard = useUnsaved();

  async function send(body: Record<string, unknown>) {
    setBusy(true);
    const input = body as ContractInput<Writes['create']>;
    const res = editing
      ? await call<Writes['edit']>(`POST ${path}/:id/edit`, { ...input, id: editing })
      : await call<Writes['create']>(`POST ${path}/create`, input);
    setBusy(false);
    if (res.ok) {
      guard.saved();
      return void navigate(`${path}/${res.data.id}`);
    }
    const found = (res.data as { errors?: Record<string, string> } | null)?.errors;
    setErrors(found ?? { form: res.rm });
  }

  const field = (name: string) => ({ error: errors[name], errorId: `error-${name}` });
  const input = (name: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => {
    const el = <input name={name} className="form-input" data-testid={`field-${name.replace(/_/g, '-')}`} {...extra} />;
    return extra.maxLength ? <Limited>{el}</Limited> : el;
  };
  /** `formRef` goes on the form: leaving it with typed input asks first. */
  return { errors, busy, send, field, input, formRef: guard.ref };
}

/** Whose name it goes out under, when the person runs a company or a community. */
export function AuthorField({ kind, blogs, value }: { kind: BoardKind; blogs: Blog[]; value?: number }) {
  const t = BOARD_UI[kind];
  if (blogs.length <= 1) return null;
  return (
    <FormField label={t.fieldAuthor}>
      <select name="subsite_id" className="form-input" defaultValue={value} data-testid="field-subsite">
        {blogs.map((b, i) => (
          <option key={b.id} value={b.id}>
            {i === 0 ? `${t.fieldAuthorSelf} (${b.name})` : b.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** The form's end: the terms to accept, a refusal not of one field, and the button. */
export function BoardFormEnd(props: {
  kind: BoardKind;
  errors: Record<string, string>;
  busy: boolean;
  editing: boolean;
}) {
  const t = BOARD_UI[props.kind];
  return (
    <>
      <TermsChecks rulesLink={t.rulesLink} agreementLink={t.agreementLink} lead={t.acceptRules} errors={props.errors} />
      <FieldError message={props.errors.form ?? ''} testId="error-form" />
      <button
        type="submit"
        className="btn btn-primary btn-wide"
        disabled={props.busy}
        data-testid={`${props.kind}-submit`}
      >
        {props.editing ? t.save : t.submit}
      </button>
    </>
  );
}
