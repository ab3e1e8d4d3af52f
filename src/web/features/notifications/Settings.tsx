import { useEffect, useState, type FormEvent } from 'react';
import { messages, ui } from '../../../shared/catalogue.ts';
import type { Gender } from '../../../shared/gender.ts';
import { call } from '../../api/call.ts';
import type { saveGender, saveSetting } from '../../../shared/api/notifications.ts';
import type { optIn } from '../../../shared/api/notifications-mail.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { disablePush, enablePush, pushState, type PushState } from './push.ts';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  digestEmailField,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationType,
} from '../../../shared/notifications.ts';
import { FieldError } from '../../ui/FieldError.tsx';

function Switch({
  checked,
  disabled,
  label,
  onChange,
  testId,
}: {
  checked: boolean;
  disabled?: boolean;
  label: string;
  onChange(next: boolean): void;
  testId?: string;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span aria-hidden />
    </label>
  );
}

/** Per-type switches on the site and by mail; a switch that the server did not take flips back. */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const [values, setValues] = useState(initial);
  const set = (type: NotificationType, channel: NotificationChannel, enabled: boolean) =>
    setValues((prev) => ({ ...prev, [type]: { ...prev[type], [channel]: enabled } }));

  async function change(type: NotificationType, channel: NotificationChannel, enabled: boolean) {
    set(type, channel, enabled);
    const result = await call<typeof saveSetting>('POST /notifications/settings', {
      type,
      channel,
      enabled: enabled ? 1 : 0,
    });
    if (!result.ok) set(type, channel, !enabled);
  }

  const channelLabel = { site: ui.notifications.channelSite, email: ui.notifications.channelEmail };
  return (
    <section className="settings-section" data-testid="notification-settings">
      <h2>{ui.notifications.settingsNotifications}</h2>
      <p className="settings-hint">{ui.notifications.settingsHint}</p>
      <table className="settings-table">
        <thead>
          <tr>
            <th />
            {NOTIFICATION_CHANNELS.map((c) => (
              <th key={c}>{channelLabel[c]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_TYPES.map((type) => (
            <tr key={type}>
              <td>{ui.notifications.types[type]}</td>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <td key={channel}>
                  <Switch
                    checked={values[type][channel]}
                    label={`${ui.notifications.types[type]}: ${channelLabel[channel]}`}
                    testId={`setting-${type}-${channel}`}
                    onChange={(next) => change(type, channel, next)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** How others' notifications speak of the reader: by the name (the guess shown), he or she; a refused change reverts. */
export function GenderForm({ initial, guessed }: { initial: Gender | null; guessed: Gender }) {
  const [value, setValue] = useState<Gender | 'auto'>(initial ?? 'auto');
  const L = ui.notifications;
  const options: { value: Gender | 'auto'; label: string }[] = [
    { value: 'auto', label: L.genderAuto(guessed) },
    { value: 'male', label: L.genderMale },
    { value: 'female', label: L.genderFemale },
  ];

  async function change(next: Gender | 'auto') {
    const before = value;
    setValue(next);
    const result = await call<typeof saveGender>('POST /notifications/settings/gender', { gender: next });
    if (!result.ok) setValue(before);
  }

  return (
    <section className="settings-section" data-testid="gender-settings">
      <h2>{L.genderTitle}</h2>
      <p className="settings-hint">{L.genderHint}</p>
      <div className="settings-choice" role="radiogroup" aria-label={L.genderTitle}>
        {options.map((o) => (
          <label key={o.value} className="settings-choice__option">
            <input
              type="radio"
              name="gender"
              value={o.value}
              checked={value === o.value}
              onChange={() => change(o.value)}
              data-testid={`gender-${o.value}`}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </section>
  );
}

/** Web push on this browser (spec/content.md §4): the toggle moves at once and reverts when subscribing fails. */
export function PushToggle() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    pushState().then(setState, () => setState('unsupported'));
  }, []);

  async function change(next: boolean) {
    const before = state;
    setState(next ? 'on' : 'off');
    setBusy(true);
    const result = next ? await enablePush() : await disablePush();
    setBusy(false);
    if (result.ok) {
      toast.show(next ? messages.pushSubscribed : messages.pushUnsubscribed, { type: 'success' });
      return;
    }
    setState(before);
    toast.show(result.message, { type: 'error' });
  }

  const unavailable = state === 'unsupported' || state === 'denied' || state === null;
  return (
    <section className="settings-section" data-testid="push-settings" data-state={state ?? 'unknown'}>
      <div className="settings-row">
        <div>
          <h2>{ui.notifications.pushTitle}</h2>
          <p className="settings-hint">
            {state === 'unsupported'
              ? ui.notifications.pushUnsupported
              : state === 'denied'
                ? ui.notifications.pushDenied
                : ui.notifications.pushHint}
          </p>
        </div>
        <div className="settings-row">
          <span className="settings-row__state">
            {state === 'on' ? ui.notifications.pushOn : ui.notifications.pushOff}
          </span>
          <Switch
            checked={state === 'on'}
            disabled={busy || unavailable}
            label={ui.notifications.pushTitle}
            testId="push-toggle"
            onChange={change}
          />
        </div>
      </div>
    </section>
  );
}

/** The daily digest opt-in: 'Please enter a valid email' inline, before and after the server. */
export function DigestForm({
  email: initialEmail,
  subscribed,
  pending,
}: {
  email: string;
  subscribed: boolean;
  pending: boolean;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  // What the server said (a confirmation letter went out), or the state the page came with.
  const [note, setNote] = useState(
    subscribed ? ui.notifications.digestSubscribed : pending ? ui.notifications.digestPending : '',
  );
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = digestEmailField.safeParse(email);
    if (!checked.success) return setError(messages.digestEmailInvalid);
    setError('');
    setBusy(true);
    const result = await call<typeof optIn>('POST /email/subscribe/opt_in', { email: checked.data }, { notify: false });
    setBusy(false);
    if (!result.ok) return setError(result.rm || messages.somethingWrong);
    setNote(result.rm);
    setSent(true);
  }

  return (
    <section className="settings-section" data-testid="digest-settings">
      <h2>{ui.notifications.digestTitle}</h2>
      <p className="settings-hint">{ui.notifications.digestHint}</p>
      {note && (
        <p className="digest-done" data-testid="digest-done">
          {note}
        </p>
      )}
      {/* While a letter waits unanswered the form stays, to send it again or to another address. */}
      {!subscribed && !sent && (
        <form className="digest-form" onSubmit={submit} noValidate>
          <input
            type="email"
            value={email}
            aria-label={ui.notifications.digestEmail}
            placeholder={ui.notifications.digestEmail}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="digest-email"
          />
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="digest-subscribe">
            {ui.notifications.digestSubscribe}
          </button>
          <FieldError message={error} testId="digest-error" />
        </form>
      )}
    </section>
  );
}
