import { useState, type FormEvent } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import { TOKEN_NAME_MAX } from '../../../shared/accounts.ts';
import type { ApiTokenCreated, ApiTokenItem, createToken, revokeToken } from '../../../shared/api/accounts.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { Limited } from '../../ui/Limited.tsx';

const t = ui.accounts.tokens;

const statusText = (s: ApiTokenItem['status']) => (s === 'active' ? t.active : s === 'revoked' ? t.revoked : t.expired);

/** One token: its active status, value (shown once, when made), valid-until date (spec/foundation.md §1). */
function TokenCard({ item, token, onRevoke }: { item: ApiTokenItem; token?: string; onRevoke?(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div
      className={`token-card${item.is_active ? '' : ' is-inactive'}`}
      data-testid="token-card"
      data-status={item.status}
    >
      <div className="token-card__head">
        <strong>{item.name}</strong>
        <span className={`token-status token-status--${item.status}`}>{statusText(item.status)}</span>
      </div>
      {token ? (
        <div className="token-card__value">
          <code data-testid="token-value">{token}</code>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={async () => {
              if (await copyText(token)) setCopied(true);
              else toast.show(t.copyFailed, { type: 'error' });
            }}
          >
            {copied ? t.copied : t.copy}
          </button>
        </div>
      ) : (
        <code className="token-card__prefix">{item.prefix}…</code>
      )}
      <dl className="token-card__meta">
        <div>
          <dt>{t.scope}</dt>
          <dd>{item.scope === 'read' ? t.scopeRead : t.scopeWrite}</dd>
        </div>
        <div>
          <dt>{t.validUntil}</dt>
          <dd data-testid="token-valid-until">{item.valid_until ? formatDate(item.valid_until) : t.forever}</dd>
        </div>
        <div>
          <dt>{t.lastUsed}</dt>
          <dd>{item.last_used ? formatDateTime(item.last_used) : t.never}</dd>
        </div>
      </dl>
      {onRevoke && item.is_active ? (
        <button type="button" className="btn btn-secondary btn-small token-card__revoke" onClick={onRevoke}>
          {t.revoke}
        </button>
      ) : null}
    </div>
  );
}

/** The 'get API token' modal: name, scope, expiry; after creation the token is shown once with its status. */
function TokenDialog({ onCreated }: { onCreated(c: ApiTokenCreated): void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [days, setDays] = useState(90);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await call<typeof createToken>('POST /tokens/create', { name, scope, days }, { notify: false });
    setBusy(false);
    if (!res.ok) return setError(res.rm);
    setCreated(res.data);
    onCreated(res.data);
  }

  if (created)
    return (
      <div className="token-dialog" data-testid="token-dialog">
        <p className="token-dialog__note" role="status">
          {t.createdNote}
        </p>
        <TokenCard item={created.item} token={created.token} />
      </div>
    );
  return (
    <form className="token-dialog" data-testid="token-dialog" onSubmit={submit} noValidate>
      <p className="settings-hint">{t.intro}</p>
      <label className="account-field">
        <span className="account-field__label">{t.name}</span>
        <Limited>
          <input
            name="name"
            value={name}
            maxLength={TOKEN_NAME_MAX}
            placeholder={t.namePlaceholder}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </Limited>
      </label>
      <fieldset className="account-field">
        <legend className="account-field__label">{t.scope}</legend>
        {(['read', 'write'] as const).map((s) => (
          <label key={s} className="radio">
            <input type="radio" name="scope" value={s} checked={scope === s} onChange={() => setScope(s)} />
            {s === 'read' ? t.scopeRead : t.scopeWrite}
          </label>
        ))}
      </fieldset>
      <label className="account-field">
        <span className="account-field__label">{t.days}</span>
        <select name="days" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {t.daysOptions.map(([d, label]) => (
            <option key={d} value={d}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <FieldError message={error} />
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="token-create">
        {t.create}
      </button>
    </form>
  );
}

/** The tokens part of 'Способы входа': the list with revoke, and the button opening the modal. */
export function TokensSection({ initial }: { initial: ApiTokenItem[] }) {
  const [items, setItems] = useState(initial);
  function open() {
    popup.open({
      kind: 'api-token',
      size: 'small',
      title: t.title,
      render: () => <TokenDialog onCreated={(c) => setItems((prev) => [c.item, ...prev])} />,
    });
  }
  async function revoke(item: ApiTokenItem) {
    const answer = await openModal({
      kind: 'confirm',
      title: t.revoke,
      text: t.revokeConfirm,
      confirmLabel: t.revoke,
      danger: true,
    });
    if (!answer.status) return;
    const res = await call<typeof revokeToken>('POST /tokens/revoke/:id', { id: item.id });
    if (!res.ok) return;
    setItems((prev) => prev.map((i) => (i.id === item.id ? res.data.item : i)));
    toast.show(res.rm, { type: 'success' });
  }
  return (
    <div className="tokens" data-testid="tokens">
      <div className="settings-row">
        <div>
          <h3>{ui.accounts.sections.tokens}</h3>
          <p className="settings-hint">
            {t.intro} <a href="/developers/api">{t.docs}</a>
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={open} data-testid="token-open">
          {t.open}
        </button>
      </div>
      {items.length ? (
        <div className="tokens__list">
          {items.map((i) => (
            <TokenCard key={i.id} item={i} onRevoke={() => revoke(i)} />
          ))}
        </div>
      ) : (
        <p className="settings-hint">{t.empty}</p>
      )}
    </div>
  );
}
