import { useCallback, useMemo } from 'react';
import type { TownData, towns } from '../../../shared/api/vacancies.ts';
import { vacanciesUi as t } from '../../../shared/catalogue/vacancies.ts';
import { call } from '../../api/call.ts';
import { SearchList } from '../../ui/search-list/SearchList.tsx';
import type { ListItem } from '../../ui/search-list/filter.ts';
import '../../ui/form-field.css';

type TownItem = ListItem & { town: TownData };
const toItem = (town: TownData): TownItem => ({
  value: String(town.id),
  label: town.name,
  details: town.region ?? undefined,
  town,
});

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
  const search = useCallback(async (q: string, signal: AbortSignal) => {
    const res = await call<typeof towns>('GET /job/towns/find', { q }, { signal, notify: false });
    if (!res.ok) throw new Error(res.rm);
    return res.data.items.map(toItem);
  }, []);
  const chosen = useMemo(() => (value ? [toItem(value)] : []), [value]);
  return (
    <SearchList
      className="town-field"
      label={label}
      showLabel
      placeholder={t.townPlaceholder}
      value={chosen}
      onChange={(next) => onChange((next[0] as TownItem | undefined)?.town ?? null)}
      search={search}
      testId={testId}
      optionTestId="town-option"
    />
  );
}
