import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';
import './form-field.css';

/**
 * One form field: its label over the control, an optional hint, and the server's refusal for it under it
 * (`data.errors[name]` of a 400). Used by the vacancy and event forms and the /job and /events filters.
 */
export function FormField({
  label,
  error = '',
  errorId,
  hint,
  group = false,
  children,
}: {
  label: ReactNode;
  /** A control that is no single input (a block editor): a labelled group instead of a `<label>` around it. */
  group?: boolean;
  /** The refusal's text; nothing is shown when empty. */
  error?: string;
  /** The refusal's test id (`error-{name}`). */
  errorId?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const inside = (
    <>
      <span className="form-field__label">{label}</span>
      {children}
      {hint && <span className="form-field__hint">{hint}</span>}
      <FieldError message={error} testId={errorId} />
    </>
  );
  return group ? (
    <div className="form-field" role="group" aria-label={typeof label === 'string' ? label : undefined}>
      {inside}
    </div>
  ) : (
    <label className="form-field">{inside}</label>
  );
}

/** A `<select>` of fixed choices with their Russian names, inside a FormField. */
export function ChoiceField<T extends string>({
  name,
  label,
  list,
  names,
  value,
  empty,
  error,
  testId,
}: {
  name: string;
  label: string;
  list: readonly T[];
  names: Record<T, string>;
  value?: T;
  /** The "any" option's text (a filter); without it the first choice is the default (a form). */
  empty?: string;
  error?: string;
  testId?: string;
}) {
  return (
    <FormField label={label} error={error} errorId={`error-${name}`}>
      <select name={name} className="form-input" defaultValue={value ?? (empty ? '' : list[0])} data-testid={testId}>
        {empty !== undefined && <option value="">{empty}</option>}
        {list.map((x) => (
          <option key={x} value={x}>
            {names[x]}
          </option>
        ))}
      </select>
    </FormField>
  );
}
