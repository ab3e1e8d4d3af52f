import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { DESCRIPTION_MAX } from '../../../shared/accounts.ts';
import type {
  AccountSettings,
  cancelDeletion,
  DeletionState,
  ExportItem,
  requestDeletion,
  requestExport,
  saveProfile,
  settings,
} from '../../../shared/api/accounts.ts';
import type { createCommunity } from '../../../shared/api/accounts-subsites.ts';
import type { ContractInput } from '../../../shared/api/contract.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { NicknameForm } from './NicknameForm.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { CurrentPasswordField } from './CurrentPasswordField.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';

const t = ui.accounts;

/** Name (the nickname form), address, description, avatar and cover. */
export function ProfileSection({ initial, origin }: { initial: AccountSettings; origin: string }) {
  const [s, setS] = useState(initial);
  const [description, setDescription] = useState(initial.description);
  const [slug, setSlug] = useState(initial.slug);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const guard = useUnsaved();

  async function save(values: ContractInput<typeof saveProfile>) {
    setBusy(true);
    const res = await call<typeof saveProfile>('POST /users/settings/profile', values, { notify: false });
    setBusy(false);
    if (!res.ok) {
      setError(res.rm);
      return false;
    }
    setError('');
    guard.saved();
    setS(res.data);
    toast.show(res.rm, { type: 'success' });
    return true;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    await save({ description, slug });
  }

  return (
    <section className="settings-section" id="profile" data-testid="settings-profile">
      <h2>{t.sections.profile}</h2>
      <ImagePicker
        label={t.cover}
        kind="cover"
        url={s.cover_url}
        testId="cover-picker"
        onChange={(url) => save({ cover_url: url ?? '' })}
      />
      <div className="profile-head">
        <ImagePicker
          label={t.avatar}
          kind="avatar"
          url={s.avatar_url}
          testId="avatar-picker"
          onChange={(url) => save({ avatar_url: url ?? '' })}
        />
      </div>
      <NicknameForm initial={s} onSaved={(next) => setS(next)} />
      <form ref={guard.ref} className="profile-form" onSubmit={submit} noValidate>
        <label className="account-field">
          <span className="account-field__label">{t.address}</span>
          <span className="slug-input">
            <span className="slug-input__base">
              {origin}/u/{s.id}-
            </span>
            <Limited className="limited--grow">
              <input name="slug" value={slug} maxLength={40} onChange={(e) => setSlug(e.target.value)} />
            </Limited>
          </span>
          <span className="settings-hint">{t.addressHint}</span>
        </label>
        <label className="account-field">
          <span className="account-field__label">{t.description}</span>
          <Limited>
            <textarea
              name="description"
              rows={3}
              value={description}
              maxLength={DESCRIPTION_MAX}
              placeholder={t.descriptionHint}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Limited>
        </label>
        <FieldError message={error} />
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="profile-save">
          {t.save}
        </button>
      </form>
    </section>
  );
}

/** The data export (made by a job) and account deletion with its 14-day grace period. */
export function AccountSection({ initial }: { initial: AccountSettings }) {
  const hasPassword = initial.has_password;
  const [exportsList, setExports] = useState<ExportItem[]>(initial.exports);
  const [deletion, setDeletion] = useState<DeletionState | null>(initial.deletion);
  const [mode, setMode] = useState<'anonymize' | 'remove'>('anonymize');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const queued = exportsList.some((x) => x.status === 'queued');

  useEffect(() => {
    if (!queued) return;
    const timer = setInterval(async () => {
      const res = await call<typeof settings>('GET /users/settings', {}, { notify: false });
      if (res.ok) setExports(res.data.exports);
    }, 3000);
    return () => clearInterval(timer);
  }, [queued]);

  async function exportData() {
    const res = await call<typeof requestExport>('POST /users/settings/export', {});
    if (res.ok) {
      setExports(res.data.items);
      toast.show(res.rm, { type: 'success' });
    }
  }
  async function remove(e: FormEvent) {
    e.preventDefault();
    const answer = await openModal({ kind: 'confirm', title: t.deleteButton, text: t.deleteConfirm, danger: true });
    if (!answer.status) return;
    const res = await call<typeof requestDeletion>(
      'POST /users/settings/delete',
      { password: password || undefined, content: mode },
      { notify: false },
    );
    if (!res.ok) return setError(res.rm);
    setError('');
    setPassword('');
    setDeletion(res.data.deletion);
    toast.show(res.rm, { type: 'success' });
  }
  async function cancel() {
    const res = await call<typeof cancelDeletion>('POST /users/settings/delete/cancel', {});
    if (!res.ok) return;
    setDeletion(null);
    toast.show(res.rm, { type: 'success' });
  }
  return (
    <section className="settings-section" id="account" data-testid="settings-account">
      <h2>{t.exportTitle}</h2>
      <p className="settings-hint">{t.exportHint}</p>
      <ul className="sessions-list">
        {exportsList.map((x) => (
          <li key={x.id} data-testid="export-item" data-status={x.status}>
            <span>
              {formatDateTime(x.created)}{' '}
              {x.url ? (
                <a href={x.url} download>
                  {t.exportReady} ({Math.max(1, Math.round(x.size / 1024))} КБ)
                </a>
              ) : x.status === 'queued' ? (
                t.exportQueuedState
              ) : (
                t.exportFailed
              )}
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary" onClick={exportData} disabled={queued}>
        {t.exportButton}
      </button>

      <h2 className="danger-title">{t.danger}</h2>
      {deletion ? (
        <div className="deletion-pending" role="status">
          <p>{t.deletePending(formatDateTime(deletion.run_at))}</p>
          <button type="button" className="btn btn-primary" onClick={cancel}>
            {t.deleteCancel}
          </button>
        </div>
      ) : (
        <form onSubmit={remove} noValidate>
          <p className="settings-hint">{t.deleteHint}</p>
          <fieldset className="account-field">
            {(['anonymize', 'remove'] as const).map((m) => (
              <label key={m} className="radio">
                <input type="radio" name="content" checked={mode === m} onChange={() => setMode(m)} />
                {m === 'anonymize' ? t.deleteAnonymize : t.deleteRemove}
              </label>
            ))}
          </fieldset>
          <CurrentPasswordField hasPassword={hasPassword} value={password} onChange={setPassword} />
          <FieldError message={error} />
          <button type="submit" className="btn btn-danger">
            {t.deleteButton}
          </button>
        </form>
      )}
    </section>
  );
}

/** The communities the person runs (links to their settings) and creating a new one. */
export function CommunitiesSection({ managed }: { managed: { value: number; label: string; uri: string }[] }) {
  const navigate = useNavigate();
  const [v, setV] = useState({ name: '', slug: '', description: '' });
  const [error, setError] = useState('');
  const created = useUnsaved();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const res = await call<typeof createCommunity>('POST /subsite/create', v, { notify: false });
    if (!res.ok) return setError(res.rm);
    created.saved();
    toast.show(res.rm, { type: 'success' });
    void navigate(`${res.data.url}/settings`);
  }
  const s = ui.accounts.subsite;
  return (
    <section className="settings-section" id="communities" data-testid="settings-communities">
      <h2>{t.sections.communities}</h2>
      {managed.length ? (
        <ul className="sessions-list">
          {managed.map((m) => (
            <li key={m.value}>
              <span>
                <Link to={m.uri}>{m.label}</Link> · <Link to={`${m.uri}/settings`}>{t.sections.communitySettings}</Link>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form ref={created.ref} onSubmit={submit} noValidate data-testid="community-create">
        <h3>{s.createTitle}</h3>
        <label className="account-field">
          <span className="account-field__label">{s.name}</span>
          <Limited>
            <input name="name" value={v.name} maxLength={60} onChange={(e) => setV({ ...v, name: e.target.value })} />
          </Limited>
        </label>
        <label className="account-field">
          <span className="account-field__label">{s.slug}</span>
          <span className="slug-input">
            <span className="slug-input__base">/s/</span>
            <Limited className="limited--grow">
              <input name="slug" value={v.slug} maxLength={40} onChange={(e) => setV({ ...v, slug: e.target.value })} />
            </Limited>
          </span>
          <span className="settings-hint">{t.addressHint}</span>
        </label>
        <label className="account-field">
          <span className="account-field__label">{s.description}</span>
          <Limited>
            <textarea
              name="description"
              rows={2}
              maxLength={DESCRIPTION_MAX}
              value={v.description}
              onChange={(e) => setV({ ...v, description: e.target.value })}
            />
          </Limited>
        </label>
        <FieldError message={error} />
        <button type="submit" className="btn btn-primary">
          {s.create}
        </button>
      </form>
    </section>
  );
}
