import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import { DESCRIPTION_MAX, POSTING_RULES, RULES_MAX, SUBSITE_NAME_MAX } from '../../../shared/accounts.ts';
import type {
  findUser,
  FoundUser,
  saveSubsiteSettings,
  setMember,
  SubsiteSettings,
} from '../../../shared/api/accounts-subsites.ts';
import type { ContractInput } from '../../../shared/api/contract.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import { JoinRequests } from '../subsites/JoinRequests.tsx';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';

const t = ui.accounts.subsite;

/** The team: who runs the subsite, and adding a person by their profile link (spec/content.md §5). */
function Members({ settings, onChange }: { settings: SubsiteSettings; onChange(s: SubsiteSettings): void }) {
  const [link, setLink] = useState('');
  const [found, setFound] = useState<FoundUser | null>(null);
  const [role, setRole] = useState<'admin' | 'moderator' | 'editor' | 'author'>('author');
  const [error, setError] = useState('');

  async function find(e: FormEvent) {
    e.preventDefault();
    setFound(null);
    const res = await call<typeof findUser>('POST /search/user', { url: link }, { notify: false });
    if (!res.ok) return setError(res.rm);
    setError('');
    setFound(res.data);
  }
  async function set(userId: number, next: ContractInput<typeof setMember>['role']) {
    const res = await call<typeof setMember>('POST /subsite/members/:id', {
      id: settings.id,
      user_id: userId,
      role: next,
    });
    if (!res.ok) return;
    onChange(res.data);
    setFound(null);
    setLink('');
    toast.show(next ? ui.accounts.subsite.add : ui.accounts.subsite.remove, { type: 'success' });
  }
  const roles =
    settings.my_role === 'owner'
      ? (['admin', 'moderator', 'editor', 'author'] as const)
      : (['moderator', 'editor', 'author'] as const);
  return (
    <section className="settings-section" data-testid="subsite-members">
      <h2>{t.members}</h2>
      <ul className="members-list">
        {settings.members.map((m) => (
          <li key={m.id}>
            <Avatar name={m.name} color={m.avatar_color} url={m.avatar_url} size={32} />
            <Link to={m.url}>{m.name}</Link>
            <span className="members-list__role">{t.roles[m.role]}</span>
            {m.role !== 'owner' && (settings.my_role === 'owner' || m.role !== 'admin') ? (
              <button type="button" className="btn btn-secondary btn-small" onClick={() => set(m.id, '')}>
                {t.remove}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <form className="member-add" onSubmit={find} noValidate>
        <label className="account-field">
          <span className="account-field__label">{t.addByLink}</span>
          <span className="member-add__row">
            <input
              name="url"
              value={link}
              placeholder={t.linkPlaceholder}
              onChange={(e) => setLink(e.target.value)}
              data-testid="member-link"
            />
            <button type="submit" className="btn btn-secondary">
              {t.find}
            </button>
          </span>
        </label>
        <FieldError message={error} testId="member-error" />
      </form>
      {found ? (
        <div className="member-found" data-testid="member-found">
          <Link to={found.url}>{found.name}</Link>
          <select value={role} onChange={(e) => setRole(e.target.value as typeof role)} aria-label={t.members}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {t.roles[r]}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-primary btn-small" onClick={() => set(found.id, role)}>
            {t.add}
          </button>
        </div>
      ) : null}
    </section>
  );
}

type Posting = Pick<SubsiteSettings, 'posting' | 'is_moderated'>;

/** Who may post and the approval flag (a community's moderation settings). */
function PostingFields({ v, onChange }: { v: Posting; onChange(v: Posting): void }) {
  return (
    <fieldset className="account-field" data-testid="subsite-posting">
      <legend className="account-field__label">{t.posting}</legend>
      {POSTING_RULES.map((rule) => (
        <label key={rule} className="radio">
          <input
            type="radio"
            name="posting"
            value={rule}
            checked={v.posting === rule}
            onChange={() => onChange({ ...v, posting: rule })}
          />
          {t.postingRules[rule]}
        </label>
      ))}
      <label className="radio subsite-moderated">
        <input
          type="checkbox"
          name="is_moderated"
          checked={v.is_moderated}
          onChange={(e) => onChange({ ...v, is_moderated: e.target.checked })}
        />
        {t.moderated}
      </label>
      <p className="settings-hint">{t.moderatedHint}</p>
    </fieldset>
  );
}

type Privacy = Pick<SubsiteSettings, 'is_private' | 'plus_join'>;

/** A community's door (issue 32, point 4): private, and whether Plus readers come in without a request. */
function PrivacyFields({ v, onChange }: { v: Privacy; onChange(v: Privacy): void }) {
  const p = ui.subsites;
  return (
    <fieldset className="account-field" data-testid="subsite-privacy">
      <legend className="account-field__label">{p.privacy}</legend>
      <label className="radio">
        <input
          type="checkbox"
          name="is_private"
          checked={v.is_private}
          onChange={(e) => onChange({ ...v, is_private: e.target.checked })}
          data-testid="subsite-private"
        />
        {p.isPrivate}
      </label>
      <p className="settings-hint">{p.isPrivateHint}</p>
      <label className="radio">
        <input
          type="checkbox"
          name="plus_join"
          checked={v.plus_join}
          disabled={!v.is_private}
          onChange={(e) => onChange({ ...v, plus_join: e.target.checked })}
          data-testid="subsite-plus-join"
        />
        {p.plusJoin}
      </label>
    </fieldset>
  );
}

/**
 * `{subsite_url}/settings`: name, description, avatar, cover, rules, who may post; the team. A site moderator
 * (`my_role` 'site_moderator') sees only who may post and the approval flag, which is all they may change.
 */
/** `children`: sections other features add below (a company's job widget code). */
export function SubsiteSettingsForm({ initial, children }: { initial: SubsiteSettings; children?: ReactNode }) {
  const [s, setS] = useState(initial);
  const [v, setV] = useState({
    name: initial.name,
    description: initial.description,
    rules: initial.rules,
    posting: initial.posting,
    is_moderated: initial.is_moderated,
    is_private: initial.is_private,
    plus_join: initial.plus_join,
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useUnsaved();
  const isBlog = s.type === 'user';
  const isCommunity = s.type === 'community';

  async function save(values: Omit<ContractInput<typeof saveSubsiteSettings>, 'id'>) {
    setBusy(true);
    const res = await call<typeof saveSubsiteSettings>(
      'POST /subsite/save_settings/:id',
      { ...values, id: s.id },
      { notify: false },
    );
    setBusy(false);
    if (!res.ok) return setError(res.rm);
    setError('');
    guard.saved();
    setS(res.data);
    toast.show(res.rm, { type: 'success' });
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    void save({
      ...(isBlog ? {} : { name: v.name, posting: v.posting, is_moderated: v.is_moderated ? 1 : 0 }),
      ...(isCommunity ? { is_private: v.is_private ? 1 : 0, plus_join: v.is_private && v.plus_join ? 1 : 0 } : {}),
      description: v.description,
      rules: v.rules,
    });
  }
  if (s.my_role === 'site_moderator')
    return (
      <div className="settings-page subsite-settings" data-testid="subsite-settings">
        <h1>
          {t.title}: <Link to={s.url}>{s.name}</Link>
        </h1>
        <section className="settings-section">
          <p className="settings-hint" data-testid="subsite-moderator-lead">
            {t.siteModeratorLead}
          </p>
          <form
            className="profile-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save({ posting: v.posting, is_moderated: v.is_moderated ? 1 : 0 });
            }}
            noValidate
          >
            <PostingFields v={v} onChange={(p) => setV({ ...v, ...p })} />
            <FieldError message={error} />
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="subsite-save">
              {ui.accounts.save}
            </button>
          </form>
        </section>
      </div>
    );
  return (
    <div className="settings-page subsite-settings" data-testid="subsite-settings">
      <h1>
        {t.title}: <Link to={s.url}>{s.name}</Link>
      </h1>
      <section className="settings-section">
        <ImagePicker
          label={ui.accounts.cover}
          kind="cover"
          url={s.cover_url}
          testId="subsite-cover"
          onChange={(url) => save({ cover_url: url ?? '' })}
        />
        <ImagePicker
          label={ui.accounts.avatar}
          kind="avatar"
          url={s.avatar_url}
          testId="subsite-avatar"
          onChange={(url) => save({ avatar_url: url ?? '' })}
        />
        <form ref={guard.ref} className="profile-form" onSubmit={submit} noValidate>
          {isBlog ? null : (
            <label className="account-field">
              <span className="account-field__label">{t.name}</span>
              <Limited>
                <input
                  name="name"
                  value={v.name}
                  maxLength={SUBSITE_NAME_MAX}
                  onChange={(e) => setV({ ...v, name: e.target.value })}
                />
              </Limited>
            </label>
          )}
          <label className="account-field">
            <span className="account-field__label">{t.description}</span>
            <Limited>
              <textarea
                name="description"
                rows={3}
                maxLength={DESCRIPTION_MAX}
                value={v.description}
                onChange={(e) => setV({ ...v, description: e.target.value })}
              />
            </Limited>
          </label>
          <label className="account-field">
            <span className="account-field__label">{t.rules}</span>
            <Limited>
              <textarea
                name="rules"
                rows={6}
                maxLength={RULES_MAX}
                value={v.rules}
                onChange={(e) => setV({ ...v, rules: e.target.value })}
              />
            </Limited>
          </label>
          {isBlog ? null : <PostingFields v={v} onChange={(p) => setV({ ...v, ...p })} />}
          {isCommunity ? <PrivacyFields v={v} onChange={(p) => setV({ ...v, ...p })} /> : null}
          <FieldError message={error} />
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="subsite-save">
            {ui.accounts.save}
          </button>
        </form>
      </section>
      {isBlog ? null : <Members settings={s} onChange={setS} />}
      {isCommunity && s.is_private ? <JoinRequests subsiteId={s.id} /> : null}
      {children}
    </div>
  );
}
