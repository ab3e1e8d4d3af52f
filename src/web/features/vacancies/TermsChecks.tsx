import { FieldError } from '../../ui/FieldError.tsx';
import { TermsLink } from '../pages/TermsLink.tsx';

/** The two boxes of /job/rules and /job/agreement (the terms of vacancies and events alike), with their refusals. */
export function TermsChecks({
  lead,
  rulesLink,
  agreementLink,
  errors,
}: {
  lead: string;
  rulesLink: string;
  agreementLink: string;
  errors: Record<string, string>;
}) {
  return (
    <>
      {(
        [
          ['rules', '/job/rules', rulesLink],
          ['agreement', '/job/agreement', agreementLink],
        ] as const
      ).map(([name, to, text]) => (
        <div key={name}>
          <label className="form-check">
            <input type="checkbox" name={name} value="1" data-testid={`field-${name}`} />
            <span>
              {lead} <TermsLink to={to}>{text}</TermsLink>
            </span>
          </label>
          <FieldError message={errors[name] ?? ''} testId={`error-${name}`} />
        </div>
      ))}
    </>
  );
}
