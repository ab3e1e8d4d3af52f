/** A form's refusal (the server's Russian message), announced to screen readers; nothing when there is none. */
export function FieldError({ message, testId }: { message: string; testId?: string }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
