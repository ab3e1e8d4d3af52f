import { useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { writeTo } from './calls.ts';

/** 'Написать сообщение' on a person's profile: opens (or starts) the direct chat in the drawer. */
export function WriteButton({ userId }: { userId: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await writeTo(userId);
        setBusy(false);
      }}
      data-testid="write-message"
    >
      {ui.messenger.write}
    </button>
  );
}
