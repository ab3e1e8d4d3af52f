import { useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { WRITE_RULES, type MessengerSettings as Settings, type WriteRule } from '../../../shared/messenger.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { messengerCalls } from './calls.ts';

const t = ui.messenger;
const LABELS: Record<WriteRule, string> = {
  all: t.settingsWriteAll,
  subscribed: t.settingsWriteSubscribed,
  nobody: t.settingsWriteNobody,
};

/** Settings: who may write to me, and the letter about a message left unread for 10 minutes. */
export function MessengerSettings() {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    void messengerCalls.settings().then((r) => r.ok && setSettings(r.data));
  }, []);
  async function save(patch: Partial<Settings>) {
    const result = await messengerCalls.saveSettings(patch);
    if (!result.ok) return;
    setSettings(result.data);
    toast.show(result.rm, { type: 'success' });
  }
  return (
    <section className="settings-section" data-testid="messenger-settings">
      <h2>{t.settingsTitle}</h2>
      <fieldset className="messenger-settings__rules" disabled={!settings}>
        <legend className="settings-hint">{t.settingsWrite}</legend>
        {WRITE_RULES.map((rule) => (
          <label key={rule} className="messenger-settings__rule">
            <input
              type="radio"
              name="messenger-write"
              value={rule}
              checked={settings?.write === rule}
              onChange={() => void save({ write: rule })}
              data-testid={`messenger-write-${rule}`}
            />
            {LABELS[rule]}
          </label>
        ))}
      </fieldset>
      <label className="messenger-settings__rule">
        <input
          type="checkbox"
          checked={settings?.email ?? false}
          disabled={!settings}
          onChange={(e) => void save({ email: e.target.checked })}
          data-testid="messenger-email"
        />
        {t.settingsEmail}
      </label>
    </section>
  );
}
