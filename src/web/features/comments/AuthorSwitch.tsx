import { commentAuthorUi as L } from '../../../shared/catalogue/comment-author.ts';

/**
 * The comment author switch (spec/foundation.md §1; issue 32): a manager of communities or companies writes as
 * themselves or as one of them. Loaded lazily, and only for such managers.
 */
export default function AuthorSwitch({
  subsites,
  value,
  onChange,
}: {
  subsites: { value: number; label: string }[];
  value: number | null;
  onChange(id: number | null): void;
}) {
  return (
    <label className="comment-form__author">
      <span className="visually-hidden">{L.label}</span>
      <select
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        data-testid="comment-author-switch"
        aria-label={L.label}
        title={L.label}
      >
        <option value="">{L.asMyself}</option>
        {subsites.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}
