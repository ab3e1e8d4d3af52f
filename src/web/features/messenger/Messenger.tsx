import { useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { ChatList } from './ChatList.tsx';
import { Conversation } from './Conversation.tsx';
import './messenger.css';

const t = ui.messenger;

/**
 * The messenger: the chat list and a conversation. On the page they stand side by side (a phone shows one at a time:
 * list → chat, and back); the drawer always shows one at a time.
 */
export function Messenger({
  me,
  mode,
  chatId,
  onChatChange,
}: {
  me: number;
  mode: 'page' | 'panel';
  chatId: number | null;
  onChatChange(id: number | null): void;
}) {
  const [selected, setSelected] = useState<number | null>(chatId);
  useEffect(() => setSelected(chatId), [chatId]);
  const pick = (id: number | null) => {
    setSelected(id);
    onChatChange(id);
  };
  return (
    <div
      className={`messenger messenger--${mode}`}
      data-view={selected ? 'chat' : 'list'}
      data-testid={`messenger-${mode}`}
    >
      <ChatList me={me} selected={selected} onSelect={(c) => pick(c.id)} />
      {selected ? (
        <Conversation key={selected} me={me} chatId={selected} onBack={() => pick(null)} />
      ) : (
        mode === 'page' && <div className="messenger-placeholder">{t.pickChat}</div>
      )}
    </div>
  );
}
