import { useEffect, useState } from 'react';
import { repostsShownUi as repostsUi } from '../../../shared/catalogue/shown.ts';
import { compactCount } from '../../../shared/format.ts';
import { RepostIcon } from '../reactions/icons.tsx';

/** The repost widget: the button with the entry's repost count; the dialog's code loads on the first press. */
export function RepostButton({ entryId, count }: { entryId: number; count: number }) {
  const [shown, setShown] = useState(count);
  useEffect(() => setShown(count), [count]);
  const open = () => void import('./RepostDialog.tsx').then((m) => m.openRepostDialog({ entryId, onCount: setShown }));
  return (
    <button
      type="button"
      className="reaction-btn repost-btn"
      onClick={open}
      aria-label={repostsUi.button}
      title={repostsUi.count(shown)}
      data-testid="repost-button"
    >
      <RepostIcon />
      {shown > 0 ? <span data-testid="repost-count">{compactCount(shown)}</span> : null}
    </button>
  );
}
