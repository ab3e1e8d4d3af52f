import { ui } from '../../../shared/catalogue.ts';

/** The Plus mark by a name (spec/content.md §6: paid readers). */
export function PlusBadge() {
  return (
    <span className="plus-badge" title={ui.payments.plus} data-testid="plus-badge">
      {ui.payments.plus}
    </span>
  );
}
