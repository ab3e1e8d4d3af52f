import { useEffect, useState } from 'react';
import type { shares, ShareService, SharesData } from '../../../shared/api/bookmarks.ts';
import { reactionsMessages, reactionsUi } from '../../../shared/catalogue/reactions.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { LinkIcon } from './icons.tsx';
import { ShareMark } from './share-marks.tsx';

/** spec/content.md §9: share windows open at 600x450, centred over the page. */
const SHARE_WINDOW = { width: 600, height: 450 };

export async function copyLink(url: string) {
  if (await copyText(url)) toast.show(reactionsUi.linkCopied, { type: 'success' });
  else toast.show(reactionsMessages.copyLinkFailed, { type: 'error' });
}

function openService(service: ShareService) {
  if (service.url.startsWith('mailto:')) {
    window.location.href = service.url;
    return;
  }
  const { width, height } = SHARE_WINDOW;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  window.open(service.url, 'share', `width=${width},height=${height},left=${left},top=${top},noopener`);
}

function ShareDialog({ entry }: { entry: { id: number; url: string } }) {
  const [data, setData] = useState<SharesData | null>(null);
  const link = data?.url ?? `${window.location.origin}${entry.url}`;
  useEffect(() => {
    let alive = true;
    void call<typeof shares>('GET /content/shares/mobile/:id', { id: entry.id }, { cache: true }).then((r) => {
      if (alive && r.ok) setData(r.data);
    });
    return () => {
      alive = false;
    };
  }, [entry.id]);

  return (
    <div className="share" data-testid="share-dialog">
      <div className="share__link">
        <input
          className="share__url"
          value={link}
          readOnly
          onClick={(e) => e.currentTarget.select()}
          aria-label={reactionsUi.copyLink}
          data-testid="share-url"
        />
        <button
          type="button"
          className="btn btn-primary share__copy"
          onClick={() => copyLink(link)}
          title={reactionsUi.copyLink}
          data-testid="share-copy"
        >
          <LinkIcon />
          <span>{reactionsUi.copy}</span>
        </button>
      </div>
      <ul className="share__services" data-testid="share-services">
        {(data?.services ?? []).map((s) => (
          <li key={s.short_name}>
            <button
              type="button"
              className="share__service"
              onClick={() => openService(s)}
              data-testid="share-service"
              data-service={s.short_name}
            >
              <ShareMark service={s.short_name} />
              <span className="share__name">{s.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The share dialog: a centred popup with the link to copy and the share services of the entry. */
export function openShareDialog(entry: { id: number; url: string }) {
  popup.open({
    kind: 'share',
    size: 'small',
    title: reactionsUi.shareTitle,
    render: () => <ShareDialog entry={entry} />,
  });
}
