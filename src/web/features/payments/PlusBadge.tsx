import { plusMarkUi } from '../../../shared/catalogue/shown.ts';

/** The Plus mark by a name (spec/content.md §6: paid readers). */
export function PlusBadge() {
  return (
    <span className="plus-badge" title={plusMarkUi.plus} data-testid="plus-badge">
      {plusMarkUi.plus}
    </span>
  );
}
