import { commentAuthorUi as L } from '../../../shared/catalogue/comment-author.ts';
import { useStore, type createStore } from '../../lib/store.ts';

/**
 * The comment author switch (spec/foundation.md §1; issue 32): a manager of communities or companies writes as
 * themselves or as one of them (`managedSubsites` without their own blog). Loaded lazily, and only for such managers.
 */
export default function AuthorSwitch({
  subsites,
  choice,
}: {
  subsites: { value: number; label: string; additionalData: { uri: string } }[];
  /** The subsite chosen, 0 for oneself (`authorChoice.tsx` `writingAs`). */
  choice: ReturnType<typeof createStore<number>>;
}) {
  const value = useStore(choice);
  const speakable = subsites.filter((s) => s.additionalData.uri.startsWith('/s/'));
  return (
    <label className="comment-form__author">
      <span className="visually-hidden">{L.label}</span>
      <select
        value={value}
        onChange={(e) => choice.set(Number(e.target.value))}
        data-testid="comment-author-switch"
        aria-label={L.label}
        title={L.label}
      >
        <option value={0}>{L.asMyself}</option>
        {speakable.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </label>
  );
}
