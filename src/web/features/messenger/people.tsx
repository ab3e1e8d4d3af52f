import type { ChatPerson } from '../../../shared/messenger.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { SEARCH_LIST, type ListItem } from '../../ui/search-list/filter.ts';

/** A person as a row of the messenger's people pickers, with the 22 px avatar. */
export function personItem(p: Pick<ChatPerson, 'id' | 'name' | 'avatar_url' | 'avatar_color'>): ListItem {
  return {
    value: String(p.id),
    label: p.name,
    icon: <Avatar name={p.name} color={p.avatar_color} url={p.avatar_url} size={SEARCH_LIST.imageSize} />,
  };
}
