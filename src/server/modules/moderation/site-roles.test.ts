import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp } from '../../testing/harness.ts';

/** Site roles given and taken back in /admin (issue 32): who may, the last superuser, the audit log. */
const { t, staff } = useTestApp();

async function person(role: 'user' | 'moderator' | 'admin' | 'superuser' = 'user') {
  const u = await newUser(t.app, 'Участник Ролей');
  if (role !== 'user') await t.database.db.update(users).set({ role }).where(eq(users.id, u.id));
  return u;
}
const roleOf = async (id: number) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0].role;
const staffId = async () => (await staff.get('/v3.0/auth/check')).json().data.user.id as number;

describe('site roles in /admin', () => {
  it('a superuser gives and takes back any role; each change is logged with what it was and became', async () => {
    const u = await person();
    const res = await staff.post(`/v3.0/admin/users/${u.id}/role`, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rm: 'Роль изменена', data: { user_id: u.id, role: 'admin', previous: 'user' } });
    expect(await roleOf(u.id)).toBe('admin');
    expect((await staff.post(`/v3.0/admin/users/${u.id}/role`, { role: 'user' })).statusCode).toBe(200);
    expect(await roleOf(u.id)).toBe('user');

    const log = (await staff.get(`/v3.0/admin/audit?action=user.role&user_id=${u.id}`)).json().data.items;
    expect(log.map((a: { data: unknown }) => a.data)).toEqual([
      { from: 'admin', to: 'user' },
      { from: 'user', to: 'admin' },
    ]);
    expect(log[0]).toMatchObject({ action: 'user.role', target_type: 'user', target_id: u.id });
    // The user card offers the roles the viewer may give.
    const card = (await staff.get(`/v3.0/admin/users/${u.id}`)).json().data;
    expect(card.grantable_roles).toEqual(['user', 'moderator', 'admin', 'superuser']);
  });

  it('an admin gives users and moderators only, and only to people below them', async () => {
    const admin = await person('admin');
    const u = await person();
    expect((await admin.v.post(`/v3.0/admin/users/${u.id}/role`, { role: 'moderator' })).statusCode).toBe(200);
    expect(await roleOf(u.id)).toBe('moderator');
    const higher = await admin.v.post(`/v3.0/admin/users/${u.id}/role`, { role: 'admin' });
    expect(isRussianError(higher, 403)).toBe(true);
    expect(higher.json().error).toBe('site_role_grant_forbidden');
    const peer = await person('admin');
    const onPeer = await admin.v.post(`/v3.0/admin/users/${peer.id}/role`, { role: 'user' });
    expect(isRussianError(onPeer, 403)).toBe(true);
    expect(onPeer.json().error).toBe('site_role_rank_forbidden');
    expect(await roleOf(peer.id)).toBe('admin');
    const card = (await admin.v.get(`/v3.0/admin/users/${peer.id}`)).json().data;
    expect(card.grantable_roles).toEqual([]);
  });

  it('moderators and users may not change roles; anonymous visitors are asked to sign in', async () => {
    const target = await person();
    for (const role of ['moderator', 'user'] as const) {
      const actor = await person(role);
      const res = await actor.v.post(`/v3.0/admin/users/${target.id}/role`, { role: 'moderator' });
      expect(isRussianError(res, 403)).toBe(true);
      expect(res.json().error).toBe('site_role_forbidden');
    }
    const anon = await t.app.inject({
      method: 'POST',
      url: `/v3.0/admin/users/${target.id}/role`,
      headers: { 'x-this-is-csrf': '1', 'content-type': 'application/json' },
      payload: JSON.stringify({ role: 'admin' }),
    });
    expect(anon.statusCode).toBe(401);
    expect(await roleOf(target.id)).toBe('user');
  });

  it('nobody changes their own role, and the last superuser keeps theirs', async () => {
    const me = await staffId();
    const self = await staff.post(`/v3.0/admin/users/${me}/role`, { role: 'admin' });
    expect(isRussianError(self, 400)).toBe(true);
    expect(self.json().error).toBe('site_role_self');
    expect(await roleOf(me)).toBe('superuser');

    // A second superuser may take the first's rights while two remain, but not the last one's.
    const second = await person('superuser');
    expect((await second.v.post(`/v3.0/admin/users/${me}/role`, { role: 'admin' })).statusCode).toBe(200);
    const admin = await staff.post(`/v3.0/admin/users/${second.id}/role`, { role: 'user' });
    expect(isRussianError(admin, 403)).toBe(true); // the first is an admin now: a superuser is above them
    expect((await second.v.post(`/v3.0/admin/users/${me}/role`, { role: 'superuser' })).statusCode).toBe(200);
    // Two superusers taking each other's rights at once: one wins, the other is refused.
    const [a, b] = await Promise.all([
      staff.post(`/v3.0/admin/users/${second.id}/role`, { role: 'user' }),
      second.v.post(`/v3.0/admin/users/${me}/role`, { role: 'user' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.json().error).toBe('site_role_last_superuser');
    const left = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'superuser'));
    expect(left).toHaveLength(1);
    await t.database.db.update(users).set({ role: 'superuser' }).where(eq(users.id, me));
  });

  it('refuses wrong input, unknown people and calls without the CSRF marker', async () => {
    const u = await person();
    for (const body of [{ role: 'king' }, { role: 1 }, {}, { role: 'admin', extra: 1 }, { role: ['admin'] }]) {
      const res = await staff.post(`/v3.0/admin/users/${u.id}/role`, body);
      expect(isRussianError(res, 400)).toBe(true);
    }
    expect(isRussianError(await staff.post('/v3.0/admin/users/abc/role', { role: 'admin' }), 400)).toBe(true);
    expect(isRussianError(await staff.post('/v3.0/admin/users/99999999/role', { role: 'admin' }), 404)).toBe(true);
    const noCsrf = await staff.post(`/v3.0/admin/users/${u.id}/role`, { role: 'admin' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(await roleOf(u.id)).toBe('user');
  });
});
