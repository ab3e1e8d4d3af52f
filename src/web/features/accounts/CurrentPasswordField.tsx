import { ui } from '../../../shared/catalogue.ts';
import { FRESH_SIGN_IN_MINUTES } from '../../../shared/accounts.ts';
import { PASSWORD_MAX } from '../../../shared/limits.ts';
import { Limited } from '../../ui/Limited.tsx';

const t = ui.accounts;

/**
 * The current password that proves it is the person; an account without one (made through a provider or a link) is
 * told that a recent sign-in does instead (accounts/lifecycle.ts `checkPassword`).
 */
export function CurrentPasswordField(props: {
  hasPassword: boolean;
  value: string;
  onChange: (value: string) => void;
  name?: string;
}) {
  if (!props.hasPassword) return <p className="settings-hint">{t.noPasswordHint(FRESH_SIGN_IN_MINUTES)}</p>;
  return (
    <label className="account-field">
      <span className="account-field__label">{t.currentPassword}</span>
      <Limited>
        <input
          type="password"
          name={props.name ?? 'password'}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </Limited>
    </label>
  );
}
