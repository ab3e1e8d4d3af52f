import { entriesUi } from '../../../shared/catalogue/entries.ts';
import { AUTHOR_FIELDS, STAFF_FIELDS, type DraftFields } from './draft.ts';

const tw = entriesUi.writing;

const LABELS: Record<keyof DraftFields, string> = {
  is_advertisement: tw.advertisement,
  is_still_updating: tw.stillUpdating,
  is_enabled_best_comments: tw.bestComments,
  is_show_thanks: tw.showThanks,
  is_clean_cover: tw.cleanCover,
  external_access: tw.externalAccess,
  is_editorial: tw.editorial,
  is_holdonmain: tw.holdOnMain,
  is_holdonflash: tw.holdOnFlash,
  is_special: tw.special,
  is_filled_by_editors: tw.filledByEditors,
  is_enabled_ad: tw.enabledAd,
  is_disabled_apps: tw.disabledApps,
};

/**
 * The entry model's switches in the editor's settings (spec/content.md §3): the author's for everyone who writes,
 * the editorial ones for staff only (the server refuses them from anyone else). With the secret link on, its address
 * once the entry is saved.
 */
export function EntryFields({
  fields,
  staff,
  accessLink,
  onChange,
}: {
  fields: DraftFields;
  staff: boolean;
  accessLink: string | null;
  onChange(key: keyof DraftFields, value: boolean): void;
}) {
  const box = (key: keyof DraftFields) => (
    <label key={key}>
      <input
        type="checkbox"
        checked={fields[key]}
        onChange={(e) => onChange(key, e.target.checked)}
        data-testid={`editor-field-${key}`}
      />{' '}
      {LABELS[key]}
    </label>
  );
  return (
    <>
      {AUTHOR_FIELDS.map(box)}
      {fields.external_access && accessLink && (
        <label className="ed-access-link">
          {tw.accessLink}
          <input
            type="text"
            readOnly
            value={accessLink}
            onFocus={(e) => e.target.select()}
            data-testid="editor-access-link"
          />
        </label>
      )}
      {staff && (
        <fieldset className="ed-staff-fields">
          <legend>{tw.staffFields}</legend>
          {STAFF_FIELDS.map(box)}
        </fieldset>
      )}
    </>
  );
}
