import { useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import type { setMember } from '../../../shared/api/accounts-subsites.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { DialogForm } from './DialogForm.tsx';

const C = ui.complaints;
const ROLES = ['admin', 'moderator', 'editor', 'author', 'none'] as const;
type Role = (typeof ROLES)[number];

function ChangeRoleForm({
  person,
  subsites,
  onDone,
}: {
  person: { id: number; name: string };
  subsites: { value: number; label: string }[];
  onDone(): void;
}) {
  const [subsiteId, setSubsiteId] = useState(subsites[0]?.value ?? 0);
  const [role, setRole] = useState<Role>('author');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function save() {
    if (busy) return;
    setBusy(true);
    // The community team's own call (community settings use it too); '' takes the role away.
    const res = await call<typeof setMember>(
      'POST /subsite/members/:id',
      { id: subsiteId, user_id: person.id, role: role === 'none' ? '' : role },
      { notify: false },
    );
    setBusy(false);
    if (!res.ok) return setError(res.rm);
    toast.show(res.rm, { type: 'success' });
    onDone();
  }
  return (
    <DialogForm
      testId="change-role"
      title={C.changeRoleTitle(person.name)}
      error={error}
      submitLabel={C.save}
      submitTestId="change-role-save"
      submitDisabled={busy}
      onSubmit={() => void save()}
      onCancel={onDone}
    >
      <label className="mod-report__lead" htmlFor="change-role-subsite">
        {C.roleSubsite}
      </label>
      <select
        id="change-role-subsite"
        className="mod-input"
        value={subsiteId}
        onChange={(e) => setSubsiteId(Number(e.target.value))}
        data-testid="change-role-subsite"
      >
        {subsites.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <fieldset className="mod-report__reasons">
        <legend className="mod-report__lead">{C.roleLabel}</legend>
        {ROLES.map((r) => (
          <label key={r} className="mod-report__reason">
            <input
              type="radio"
              name="role"
              value={r}
              checked={role === r}
              onChange={() => setRole(r)}
              data-testid={`change-role-${r}`}
            />
            {C.roleOptions[r]}
          </label>
        ))}
      </fieldset>
    </DialogForm>
  );
}

/** On a person's profile: the change-role modal for the managers of communities (`managedSubsites`). */
export function ChangeRoleButton({ person }: { person: { id: number; name: string } }) {
  const me = useCurrentUser();
  const subsites = (me?.managedSubsites ?? []).filter((s) => s.value !== me?.id);
  if (!me || me.id === person.id || !subsites.length) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small mod-change-role"
      data-testid="change-role-open"
      onClick={() =>
        popup.open({
          kind: 'change-role',
          size: 'small',
          labelledBy: 'change-role-title',
          render: ({ close }) => <ChangeRoleForm person={person} subsites={subsites} onDone={close} />,
        })
      }
    >
      {C.changeRole}
    </button>
  );
}
