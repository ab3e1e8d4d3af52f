import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type {
  disable as disableStream,
  enable as enableStream,
  LiveStreamSettings,
  save as saveStream,
} from '../../../shared/api/livestreams.ts';
import { livestreamsUi as t } from '../../../shared/catalogue/livestreams.ts';
import { LIVE_STREAM_ACCESS, LIVE_STREAM_LIMITS, liveStreamSettingsPath } from '../../../shared/livestreams.ts';
import { call } from '../../api/call.ts';
import { FieldError } from '../../ui/FieldError.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { ImagePicker } from '../accounts/ImagePicker.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';
import { linkField } from '../../ui/Limited.tsx';
import { withHttps } from '../../../shared/links.ts';

/** A place a person may run a stream in: the site (staff) or a subsite, by the query the page takes. */
interface Place {
  value: string;
  label: string;
}

/**
 * `/live/stream` (spec/content.md §2 "live stream settings page (save, disable, enable)"): the source, title, cover
 * and audience of the site's stream (staff) or of a subsite's (its owner and admins), and turning it on and off.
 */
export function StreamSettings({ initial }: { initial: LiveStreamSettings }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [s, setS] = useState(initial);
  const [v, setV] = useState({ source_url: s.source_url, title: s.title, access: s.access });
  const [cover, setCover] = useState(s.cover_url);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const subsiteId = s.subsite?.id ?? null;

  const places: Place[] = [
    ...(me?.is_staff ? [{ value: '', label: t.site }] : []),
    ...(me?.managedSubsites ?? []).map((m) => ({ value: String(m.value), label: m.label })),
  ];
  if (s.subsite && !places.some((p) => p.value === String(subsiteId)))
    places.push({ value: String(subsiteId), label: s.subsite.name });

  const guard = useUnsaved();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await call<typeof saveStream>(
      'POST /private/liveStream/settings',
      {
        ...v,
        source_url: withHttps(v.source_url),
        cover_url: cover ?? '',
        ...(subsiteId ? { subsite_id: subsiteId } : {}),
      },
      { notify: false },
    );
    setBusy(false);
    if (!res.ok) {
      const named = (res.data as { errors?: Record<string, string> }).errors;
      return setErrors(named ?? { _: res.rm });
    }
    setErrors({});
    guard.saved();
    setS(res.data);
    toast.show(res.rm, { type: 'success' });
  }

  async function turn(on: boolean) {
    setBusy(true);
    const input = subsiteId ? { subsite_id: subsiteId } : {};
    const res = on
      ? await call<typeof enableStream>('POST /private/liveStream/enable', input)
      : await call<typeof disableStream>('POST /private/liveStream/disable', input);
    setBusy(false);
    if (!res.ok) return;
    setS(res.data);
    toast.show(res.rm, { type: 'success' });
  }

  return (
    <div className="settings-page stream-settings" data-testid="stream-settings">
      <h1>
        {t.title}
        {s.subsite && (
          <>
            : <Link to={s.subsite.url}>{s.subsite.name}</Link>
          </>
        )}
      </h1>
      <section className="settings-section">
        <p className="settings-hint">{t.intro}</p>
        {places.length > 1 && (
          <label className="account-field">
            <span className="account-field__label">{t.place}</span>
            <select
              value={subsiteId ? String(subsiteId) : ''}
              onChange={(e) => navigate(liveStreamSettingsPath(Number(e.target.value) || null))}
              data-testid="stream-place"
            >
              {places.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="stream-settings__state" data-testid="stream-state" data-enabled={s.is_enabled ? '1' : '0'}>
          <span className={s.is_enabled ? 'stream-settings__on' : ''}>{s.is_enabled ? t.on : t.off}</span>
          <button
            type="button"
            className={`btn ${s.is_enabled ? 'btn-secondary' : 'btn-primary'}`}
            disabled={busy || s.id === null}
            onClick={() => turn(!s.is_enabled)}
            data-testid={s.is_enabled ? 'stream-disable' : 'stream-enable'}
          >
            {s.is_enabled ? t.disable : t.enable}
          </button>
        </div>
      </section>
      <section className="settings-section">
        <form ref={guard.ref} className="profile-form" onSubmit={submit} noValidate data-testid="stream-form">
          <label className="account-field">
            <span className="account-field__label">{t.source}</span>
            <Limited>
              <input
                {...linkField}
                name="source_url"
                maxLength={LIVE_STREAM_LIMITS.url}
                value={v.source_url}
                onChange={(e) => setV({ ...v, source_url: e.target.value })}
                aria-describedby="stream-source-hint"
              />
            </Limited>
            <span className="settings-hint" id="stream-source-hint">
              {t.sourceHint}
            </span>
            <FieldError message={errors.source_url ?? ''} testId="error-source_url" />
          </label>
          <label className="account-field">
            <span className="account-field__label">{t.streamTitle}</span>
            <Limited>
              <input
                name="title"
                maxLength={LIVE_STREAM_LIMITS.title}
                value={v.title}
                onChange={(e) => setV({ ...v, title: e.target.value })}
              />
            </Limited>
            <FieldError message={errors.title ?? ''} testId="error-title" />
          </label>
          <ImagePicker
            label={t.cover}
            kind="cover"
            aspect={16 / 9}
            url={cover}
            testId="stream-cover"
            onChange={setCover}
          />
          <FieldError message={errors.cover_url ?? ''} testId="error-cover_url" />
          <fieldset className="account-field">
            <legend className="account-field__label">{t.access}</legend>
            {LIVE_STREAM_ACCESS.map((a) => (
              <label key={a} className="radio">
                <input
                  type="radio"
                  name="access"
                  value={a}
                  checked={v.access === a}
                  onChange={() => setV({ ...v, access: a })}
                  data-testid={`stream-access-${a}`}
                />
                {t.accessNames[a]}
              </label>
            ))}
            <FieldError message={errors.access ?? ''} testId="error-access" />
          </fieldset>
          <FieldError message={errors._ ?? ''} testId="stream-error" />
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="stream-save">
            {t.save}
          </button>
        </form>
      </section>
    </div>
  );
}
