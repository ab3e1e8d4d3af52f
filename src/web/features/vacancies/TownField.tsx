import { useEffect, useId, useState } from 'react';
import type { TownData, towns } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { call } from '../../api/call.ts';
import '../../ui/form-field.css';

/** A town picked from the server's list (`GET /job/towns/find`) as the reader types; clearing it picks none. */
export function TownField({
  value,
  onChange,
  label = t.town,
  testId = 'town-field',
}: {
  value: TownData | null;
  onChange: (town: TownData | null) => void;
  label?: string;
  testId?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [options, setOptions] = useState<TownData[]>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => setText(value?.name ?? ''), [value]);

  useEffect(() => {
    const q = text.trim();
    if (!open || !q || q === value?.name) return setOptions([]);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const res = await call<typeof towns>('GET /job/towns/find', { q }, { signal: controller.signal, notify: false });
      if (res.ok) setOptions(res.data.items);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, open, value]);

  function pick(town: TownData | null) {
    onChange(town);
    setText(town?.name ?? '');
    setOpen(false);
  }

  return (
    <div className="town-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <input
        id={id}
        className="form-input"
        value={text}
        placeholder={t.townPlaceholder}
        autoComplete="off"
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={`${id}-list`}
        data-testid={testId}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (!e.target.value.trim()) onChange(null);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {open && options.length > 0 && (
        <ul className="town-field__list" id={`${id}-list`} role="listbox">
          {options.map((o) => (
            <li key={o.id} role="option" aria-selected={o.id === value?.id}>
              <button
                type="button"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}
                data-testid="town-option"
              >
                {o.name}
                {o.region && <span className="town-field__region">{o.region}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
