import { useRef, useState } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/admin.ui';
import { appContext } from '../context.ts';
import { ui } from '../../shared/catalogue.ts';
import { openModal } from '../ui/overlays/modal.tsx';
import { Popover } from '../ui/overlays/popover.tsx';
import { popup, type PopupApi } from '../ui/overlays/popup.tsx';
import { toast } from '../ui/overlays/toasts.tsx';
import { Tooltip } from '../ui/overlays/tooltip.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(appContext);
  if (!user) throw data(null, { status: 401 });
  if (!user.is_staff) throw data(null, { status: 403 });
  return null;
}

export function meta() {
  return [{ title: `${ui.kit.title} — ${ui.siteName}` }, { name: 'robots', content: 'noindex' }];
}

const SIZES = [
  ['small', 480, ui.kit.popupSmall],
  ['medium', 640, ui.kit.popupMedium],
  ['large', 880, ui.kit.popupLarge],
] as const;

function Stacked({ level, api }: { level: number; api: PopupApi }) {
  return (
    <div data-testid={`stack-${level}`}>
      <h2>{ui.kit.popupLevel(level)}</h2>
      <button type="button" className="btn btn-primary" onClick={() => openStacked(level + 1)}>
        {ui.kit.popupNext}
      </button>
      {api.hasHistory && <p>{ui.overlays.back} ←</p>}
    </div>
  );
}

function openStacked(level: number) {
  popup.open({ kind: `stack-${level}`, size: 'small', render: (api) => <Stacked level={level} api={api} /> });
}

/** Staff page showing every overlay of spec/foundation.md §2 — a living style guide and a test surface. */
export default function UiKit() {
  const menuAnchor = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [result, setResult] = useState('');
  return (
    <div className="page" data-testid="ui-kit">
      <h1 className="page-title">{ui.kit.title}</h1>
      <p>{ui.kit.lead}</p>
      <div className="kit-row">
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="kit-toast-success"
          onClick={() => toast.show(ui.kit.toastSuccessText, { type: 'success' })}
        >
          {ui.kit.toastSuccess}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="kit-toast-error"
          onClick={() => toast.show(ui.kit.toastErrorText, { type: 'error' })}
        >
          {ui.kit.toastError}
        </button>
      </div>
      <div className="kit-row">
        {SIZES.map(([size, width, label]) => (
          <button
            key={size}
            type="button"
            className="btn btn-secondary"
            data-testid={`kit-popup-${size}`}
            onClick={() =>
              popup.open({ kind: `kit-${size}`, size, title: label, render: () => <p>{ui.kit.popupText(width)}</p> })
            }
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="kit-popup-stack"
          onClick={() => openStacked(1)}
        >
          {ui.kit.popupStack}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="kit-fullpage"
          onClick={() =>
            popup.openFullPage({
              kind: 'kit-fullpage',
              title: ui.kit.fullPage,
              render: () => <p>{ui.kit.fullPageText}</p>,
            })
          }
        >
          {ui.kit.fullPage}
        </button>
      </div>
      <div className="kit-row">
        <button
          ref={menuAnchor}
          type="button"
          className="btn btn-secondary"
          data-testid="kit-popover"
          onClick={() => setMenuOpen((v) => !v)}
        >
          {ui.kit.popover}
        </button>
        <Popover
          anchor={menuAnchor.current}
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          align="left"
          items={[
            ...ui.kit.popoverItems.map((label) => ({ label, value: label })),
            { label: ui.kit.popoverDisabled, value: 'disabled', disabled: true },
          ]}
          onSelect={(item) => {
            setMenuOpen(false);
            setResult(item.label);
          }}
        />
        <Tooltip text={ui.kit.tooltipText} position="center">
          <button type="button" className="btn btn-secondary" data-testid="kit-tooltip">
            {ui.kit.tooltip}
          </button>
        </Tooltip>
      </div>
      <div className="kit-row">
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="kit-modal-reason"
          onClick={async () => {
            const r = await openModal({ kind: 'unpublish', title: ui.kit.modalReasonTitle });
            setResult(ui.kit.result(r.status, String(r.data.reason_text ?? '')));
          }}
        >
          {ui.kit.modalReason}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="kit-modal-confirm"
          onClick={async () =>
            setResult(
              ui.kit.result(
                (await openModal({ kind: 'confirm', title: ui.kit.modalConfirmTitle, danger: true })).status,
                '',
              ),
            )
          }
        >
          {ui.kit.modalConfirm}
        </button>
      </div>
      <output className="kit-result" data-testid="kit-result">
        {result}
      </output>
    </div>
  );
}
