import { useMemo } from 'react';
import type { WritingTarget } from '../../../shared/entries.ts';
import { entriesUi } from '../../../shared/catalogue/entries.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { SearchList } from '../../ui/search-list/SearchList.tsx';
import { SEARCH_LIST, type ListItem } from '../../ui/search-list/filter.ts';

const tw = entriesUi.writing;

/** Where the entry goes: the own blog first (named so), then the communities one may post to, filtered as typed. */
export function SubsitePicker({
  options,
  ownBlogId,
  value,
  onChange,
}: {
  options: WritingTarget[];
  ownBlogId: number | undefined;
  value: number;
  onChange(id: number): void;
}) {
  const items = useMemo(
    () =>
      options.map((s): ListItem => ({
        value: String(s.id),
        label: s.type === 'user' && s.id === ownBlogId ? tw.myBlog : s.name,
        icon: <Avatar name={s.name} color={s.avatar_color} url={s.avatar_url} size={SEARCH_LIST.imageSize} />,
      })),
    [options, ownBlogId],
  );
  const chosen = useMemo(() => items.filter((i) => i.value === String(value)), [items, value]);
  return (
    <SearchList
      className="ed-subsite"
      label={tw.subsite}
      value={chosen}
      onChange={(next) => next[0] && onChange(Number(next[0].value))}
      items={items}
      testId="editor-subsite"
      optionTestId="editor-subsite-option"
    />
  );
}
