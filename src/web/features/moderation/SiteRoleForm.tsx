import { useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import type { Role } from '../../../shared/api.ts';
import type { setSiteRole } from '../../../shared/api/moderation.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';

const L = ui.moderation;

/**
 * The person's site role in their /admin card: a choice among the roles the viewer may give (`grantable_roles`, the
 * server's policy) and a button; the server decides again and logs the change.
 */
export function SiteRoleForm({
  user,
  grantable,
  onChanged,
}: {
  user: { id: number; role: Role };
  grantable: Role[];
  onChanged(): void;
}) {
  const [role, setRole] = useState<Role>(user.role);
  const [busy, setBusy] = useState(false);
  if (!grantable.length) return null;
  const save = async () => {
    setBusy(true);
    const res = await call<typeof setSiteRole>('POST /admin/users/:id/role', { id: user.id, role }).finally(() =>
      setBusy(false),
    );
    if (!res.ok) return;
    toast.show(res.rm, { type: 'success' });
    onChanged();
  };
  return (
    <form
      className="mod-site-role"
      data-testid="site-role-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="mod-site-role__label">
        <span className="visually-hidden">{L.siteRole}</span>
        <select
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          data-testid="site-role-select"
          disabled={busy}
        >
          {grantable.map((r) => (
            <option key={r} value={r}>
              {L.roleNames[r]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="btn btn-secondary btn-small"
        disabled={busy || role === user.role}
        data-testid="site-role-save"
      >
        {L.setSiteRole}
      </button>
    </form>
  );
}
