import type { ReactNode } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import './moderation.css';

/**
 * The shell of the moderation dialogs (complaint, misprint, change role): a titled form with its fields, the error
 * line and the cancel/submit pair. Enter in a field or the submit button calls `onSubmit`.
 */
export function DialogForm({
  testId,
  title,
  error,
  submitLabel,
  submitTestId,
  submitDisabled = false,
  onSubmit,
  onCancel,
  children,
}: {
  /** Also names the title: `{testId}-title`, which the popup is labelled by. */
  testId: string;
  title: string;
  error: string;
  submitLabel: string;
  submitTestId: string;
  submitDisabled?: boolean;
  onSubmit(): void;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <form
      className="mod-report"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 className="mod-report__title" id={`${testId}-title`}>
        {title}
      </h2>
      {children}
      {error && (
        <p className="mod-report__error" role="alert">
          {error}
        </p>
      )}
      <div className="mod-report__actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {ui.complaints.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={submitDisabled} data-testid={submitTestId}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
