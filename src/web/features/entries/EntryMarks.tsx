import type { EntryCard } from '../../../shared/entries.ts';
import { entriesShownUi as t } from '../../../shared/catalogue/shown.ts';

/**
 * The marks of the entry model (spec/content.md §3) beside its date, on its card and its page: «Реклама» for paid
 * material, the editorial mark, «Спецпроект», «Дополнено редакцией», «обновляется» while its author adds to it, and, on the main feed, a hold on top.
 */
export function EntryMarks({
  entry,
}: {
  entry: Pick<
    EntryCard,
    'is_advertisement' | 'is_editorial' | 'is_special' | 'is_filled_by_editors' | 'is_still_updating' | 'is_held'
  >;
}) {
  return (
    <>
      {entry.is_advertisement && (
        <span className="entry-badge entry-badge--ad" data-testid="entry-ad-mark">
          {t.advertisement}
        </span>
      )}
      {entry.is_editorial && (
        <span className="entry-badge entry-badge--editorial" data-testid="entry-editorial-mark">
          {t.editorial}
        </span>
      )}
      {entry.is_special && (
        <span className="entry-badge entry-badge--editorial" data-testid="entry-special-mark">
          {t.special}
        </span>
      )}
      {entry.is_filled_by_editors && (
        <span className="entry-badge" data-testid="entry-filled-mark">
          {t.filledByEditors}
        </span>
      )}
      {entry.is_still_updating && (
        <span className="entry-badge entry-badge--updating" data-testid="entry-updating-mark">
          {t.stillUpdating}
        </span>
      )}
      {entry.is_held && (
        <span className="entry-badge" data-testid="entry-held-mark">
          {t.heldOnMain}
        </span>
      )}
    </>
  );
}
