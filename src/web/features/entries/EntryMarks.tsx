import type { EntryCard } from '../../../shared/entries.ts';
import { entriesShownUi as t } from '../../../shared/catalogue/shown.ts';

/**
 * The marks of the entry model (spec/content.md §3) beside its date, on its card and its page: «Реклама» for paid
 * material, the editorial mark, «Спецпроект», «Дополнено редакцией», «обновляется» while its author adds to it, and, on the main feed, a hold on top.
 */
type Flag =
  'is_advertisement' | 'is_editorial' | 'is_special' | 'is_filled_by_editors' | 'is_still_updating' | 'is_held';

/** Each mark: the flag that shows it, its words, its look (a modifier of `entry-badge`) and its test id. */
const MARKS: [Flag, string, string, string][] = [
  ['is_advertisement', t.advertisement, 'ad', 'ad'],
  ['is_editorial', t.editorial, 'editorial', 'editorial'],
  ['is_special', t.special, 'editorial', 'special'],
  ['is_filled_by_editors', t.filledByEditors, '', 'filled'],
  ['is_still_updating', t.stillUpdating, 'updating', 'updating'],
  ['is_held', t.heldOnMain, '', 'held'],
];

export function EntryMarks({ entry }: { entry: Pick<EntryCard, Flag> }) {
  return (
    <>
      {MARKS.map(
        ([flag, words, look, id]) =>
          entry[flag] && (
            <span
              key={id}
              className={look ? `entry-badge entry-badge--${look}` : 'entry-badge'}
              data-testid={`entry-${id}-mark`}
            >
              {words}
            </span>
          ),
      )}
    </>
  );
}
