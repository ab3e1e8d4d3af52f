import { useState, type FormEvent } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { formatDate } from '../../../shared/format.ts';
import { NAME_MAX } from '../../../shared/limits.ts';
import type { AccountSettings, changeName } from '../../../shared/api/accounts.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';

const t = ui.accounts;

/**
 * The nickname form of spec/content.md §4: initial (the input disabled, 'Изменить') or edit (the input enabled,
 * 'Сохранить' and 'Отмена'; cancel restores the previous value). The once-a-month rule is the server's: its answer
 * is shown under the field.
 */
export function NicknameForm({ initial, onSaved }: { initial: AccountSettings; onSaved(s: AccountSettings): void }) {
  const [saved, setSaved] = useState(initial.name);
  const [value, setValue] = useState(initial.name);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const guard = useUnsaved();
  const [error, setError] = useState('');
  const [nextAt, setNextAt] = useState(initial.name_change_at);

  function cancel() {
    setValue(saved);
    setError('');
    setEditing(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!editing) {
      setEditing(true);
      return;
    }
    setBusy(true);
    const res = await call<typeof changeName>('POST /users/settings/name', { name: value }, { notify: false });
    setBusy(false);
    if (!res.ok) {
      setError(res.rm);
      return;
    }
    guard.saved();
    setSaved(res.data.name);
    setValue(res.data.name);
    setNextAt(res.data.name_change_at);
    setEditing(false);
    setError('');
    toast.show(res.rm, { type: 'success' });
    onSaved(res.data);
  }

  return (
    <form
      ref={guard.ref}
      className="nickname-form"
      data-testid="nickname-form"
      data-state={editing ? 'edit' : 'initial'}
      onSubmit={submit}
      noValidate
    >
      <label className="account-field__label" htmlFor="nickname">
        {t.name}
      </label>
      <div className="nickname-form__row">
        <Limited className="limited--grow">
          <input
            id="nickname"
            name="name"
            value={value}
            maxLength={NAME_MAX}
            disabled={!editing || busy}
            aria-invalid={error ? true : undefined}
            aria-describedby="nickname-hint"
            onChange={(e) => setValue(e.target.value)}
          />
        </Limited>
        {editing ? (
          <>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t.save}
            </button>
            <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy}>
              {t.cancel}
            </button>
          </>
        ) : (
          <button type="submit" className="btn btn-secondary" data-testid="nickname-edit">
            {t.edit}
          </button>
        )}
      </div>
      <p id="nickname-hint" className={error ? 'field-error' : 'settings-hint'} role={error ? 'alert' : undefined}>
        {error || (nextAt ? `${t.nameHint}: следующая смена — ${formatDate(nextAt)}` : t.nameHint)}
      </p>
    </form>
  );
}
