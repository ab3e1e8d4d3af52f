import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { CHAT_TITLE_MAX, SEARCH_MAX, type ChatDetails, type ChatRole } from '../../../shared/messenger.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { ChatAvatar } from './ChatList.tsx';
import { messengerCalls } from './calls.ts';
import { Limited } from '../../ui/Limited.tsx';
import { SearchList } from '../../ui/search-list/SearchList.tsx';
import type { ListItem } from '../../ui/search-list/filter.ts';
import { personItem } from './people.tsx';

const t = ui.messenger;
const ROLE_NAMES: Record<ChatRole, string> = {
  owner: t.roleOwner,
  admin: t.roleAdmin,
  member: t.roleMember,
  reader: t.roleReader,
};

/**
 * A group's management, shown in place of the conversation: title and picture (owner and admins), the member list
 * with roles, making and unmaking admins (owner), removing people and adding them from the reader's direct chats and
 * the blogs they follow. Every change goes through the `/messenger/chats/{id}/…` calls; the rules are the server's.
 */
export function GroupPanel({
  chat,
  me,
  onChanged,
  onClose,
}: {
  chat: ChatDetails;
  me: number;
  onChanged(chat: ChatDetails): void;
  onClose(): void;
}) {
  const canManage = chat.my_role === 'owner' || chat.my_role === 'admin';
  const isOwner = chat.my_role === 'owner';
  const [title, setTitle] = useState(chat.title);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = async (call: () => Promise<{ ok: boolean; data?: unknown }>) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (result.ok) onChanged(result.data as ChatDetails);
    return result.ok;
  };

  return (
    <div className="messenger-group" data-testid="messenger-group-panel">
      <div className="messenger-group__head">
        <button type="button" className="btn btn-small" onClick={onClose} data-testid="messenger-group-close">
          ← {t.backToChat}
        </button>
      </div>
      {canManage && (
        <>
          <form
            className="messenger-group__row"
            onSubmit={async (e) => {
              e.preventDefault();
              await run(() => messengerCalls.update(chat.id, { title }));
            }}
          >
            <Limited className="limited--grow">
              <input
                type="text"
                value={title}
                maxLength={CHAT_TITLE_MAX}
                aria-label={t.groupTitle}
                placeholder={t.groupTitle}
                onChange={(e) => setTitle(e.target.value)}
                data-testid="messenger-group-rename"
              />
            </Limited>
            <button
              type="submit"
              className="btn btn-primary btn-small"
              disabled={busy || !title.trim() || title === chat.title}
            >
              {t.save}
            </button>
          </form>
          <div className="messenger-group__row">
            <ChatAvatar chat={chat} size={48} />
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => fileInput.current?.click()}>
              {t.pictureChange}
            </button>
            {chat.picture && (
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                onClick={() => void run(() => messengerCalls.update(chat.id, { picture: '' }))}
              >
                {t.pictureRemove}
              </button>
            )}
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              aria-label={t.picture}
              data-testid="messenger-group-picture"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setBusy(true);
                const [image] = await messengerCalls.upload([file]);
                setBusy(false);
                if (image) await run(() => messengerCalls.update(chat.id, { picture: image.uuid }));
              }}
            />
          </div>
        </>
      )}
      <h3 className="messenger-group__subtitle">
        {t.groupInfo} · {chat.members_count}
      </h3>
      <ul className="messenger-group__members" data-testid="messenger-group-members">
        {chat.members.map((m) => (
          <li key={m.id} data-testid="messenger-group-member" data-user-id={m.id}>
            <Avatar name={m.name} color={m.avatar_color} url={m.avatar_url} size={32} />
            <span className="messenger-group__name">
              <Link to={m.url}>{m.name}</Link>
              <span className="messenger-group__role" data-testid="messenger-group-role">
                {ROLE_NAMES[m.role]}
              </span>
            </span>
            {isOwner && m.id !== me && m.role !== 'owner' && (
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                onClick={() => void run(() => messengerCalls.setAdmin(chat.id, m.id, m.role !== 'admin'))}
              >
                {m.role === 'admin' ? t.unmakeAdmin : t.makeAdmin}
              </button>
            )}
            {canManage && m.id !== me && m.role !== 'owner' && (m.role !== 'admin' || isOwner) && (
              <button
                type="button"
                className="btn btn-small messenger-group__remove"
                disabled={busy}
                onClick={() => void run(() => messengerCalls.removeMember(chat.id, m.id))}
              >
                {t.removeFromGroup}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canManage && (
        <AddMembers chat={chat} busy={busy} onAdd={(ids) => run(() => messengerCalls.addMembers(chat.id, ids))} />
      )}
    </div>
  );
}

/** People to add: filtered by name on the server (direct chats + followed blogs), present members left out. */
function AddMembers({
  chat,
  busy,
  onAdd,
}: {
  chat: ChatDetails;
  busy: boolean;
  onAdd(ids: number[]): Promise<boolean>;
}) {
  const [picked, setPicked] = useState<ListItem[]>([]);
  const members = chat.members;
  const find = useCallback(
    async (query: string) => {
      const result = await messengerCalls.contacts(query);
      if (!result.ok) throw new Error(result.rm);
      const present = new Set(members.map((m) => m.id));
      return result.data.items.filter((p) => !present.has(p.id)).map(personItem);
    },
    [members],
  );
  return (
    <form
      className="messenger-group__add"
      data-testid="messenger-group-add"
      onSubmit={async (e) => {
        e.preventDefault();
        if (await onAdd(picked.map((p) => Number(p.value)))) setPicked([]);
      }}
    >
      <h3 className="messenger-group__subtitle">{t.addMembers}</h3>
      <SearchList
        label={t.addFilter}
        placeholder={t.addFilter}
        multiple
        value={picked}
        onChange={setPicked}
        loadInitial={() => find('')}
        search={find}
        maxLength={SEARCH_MAX}
        emptyText={t.addNobody}
        testId="messenger-group-filter"
        optionTestId="messenger-group-offer"
      />
      <button
        type="submit"
        className="btn btn-primary btn-small"
        disabled={busy || !picked.length}
        data-testid="messenger-group-add-submit"
      >
        {t.addPicked(picked.length)}
      </button>
    </form>
  );
}
