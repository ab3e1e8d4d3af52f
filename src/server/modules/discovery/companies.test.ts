import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { companyDetails, subsiteRoles } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { feedFixtures } from '../feed/testing.ts';

/** Company blogs (issue 32, point 2): contacts with their checks, the team, the managers' cabinet, /companies. */
const { t, staff } = useTestApp();
let f: ReturnType<typeof feedFixtures>;
beforeAll(() => {
  f = feedFixtures(t);
});
const anon = () => new Visitor(t.app);

async function companyWithManager() {
  const co = await f.community({ type: 'company', name: 'ООО Ромашка' });
  const manager = await newUser(t.app, 'Мария Менеджер');
  await t.database.db.insert(subsiteRoles).values({ subsiteId: co.id, userId: manager.id, role: 'owner' });
  return { co, manager };
}

describe('company blogs', () => {
  it('a manager saves the contacts: the phone and site are normalised, INN checked; everyone reads them', async () => {
    const { co, manager } = await companyWithManager();
    const res = await manager.v.post(`/v3.0/subsite/${co.id}/company`, {
      website: 'romashka.example',
      phone: '8 (912) 345-67-89',
      email: 'sales@romashka.example',
      address: 'Казань, ул. Баумана, 1',
      inn: '7707083893',
      industry: 'Цветы',
      employees: 12,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rm: 'Данные компании сохранены',
      data: {
        details: {
          website: 'https://romashka.example',
          phone: '+79123456789',
          email: 'sales@romashka.example',
          inn: '7707083893',
          industry: 'Цветы',
          employees: 12,
          city: '',
        },
      },
    });
    const read = (await anon().get(`/v3.0/subsite/${co.id}/company`)).json().data;
    expect(read.details).toMatchObject({ phone: '+79123456789', address: 'Казань, ул. Баумана, 1' });
    // A later save changes only what it names; '' clears a field.
    await manager.v.post(`/v3.0/subsite/${co.id}/company`, { address: '' });
    const after = (await anon().get(`/v3.0/subsite/${co.id}/company`)).json().data.details;
    expect(after).toMatchObject({ address: '', phone: '+79123456789' });
    // /companies lists it with its contacts.
    const list = (await anon().get('/v3.0/companies')).json().data.items;
    expect(list.find((i: { subsite: { id: number } }) => i.subsite.id === co.id).details).toMatchObject({
      website: 'https://romashka.example',
      inn: '7707083893',
    });
  });

  it('refuses a wrong INN checksum, phone, e-mail, site and wrong types, and changes nothing', async () => {
    const { co, manager } = await companyWithManager();
    const bad: [Record<string, unknown>, string][] = [
      [{ inn: '7707083894' }, messages.innInvalid],
      [{ inn: '123' }, messages.innInvalid],
      [{ inn: 7707083893 }, messages.innInvalid],
      [{ phone: '+7 912 345' }, messages.companyPhoneInvalid],
      [{ phone: '+1 (912) 345-67-89' }, messages.companyPhoneInvalid],
      [{ phone: 'позвоните мне' }, messages.companyPhoneInvalid],
      [{ email: 'sales@' }, messages.emailInvalid],
      [{ website: 'javascript:alert(1)' }, messages.companyWebsiteInvalid],
      [{ website: 'нет сайта' }, messages.companyWebsiteInvalid],
      [{ employees: -1 }, messages.companyEmployeesInvalid],
      [{ founded_year: 'давно' }, messages.companyYearInvalid],
      [{ industry: ['x'] }, messages.wrongType],
    ];
    for (const [body, rm] of bad) {
      const res = await manager.v.post(`/v3.0/subsite/${co.id}/company`, body);
      expect(isRussianError(res, 400), JSON.stringify(body)).toBe(true);
      expect(res.json().rm, JSON.stringify(body)).toBe(rm);
    }
    expect(isRussianError(await manager.v.post(`/v3.0/subsite/${co.id}/company`, { nope: 1 }), 400)).toBe(true);
    const noCsrf = await manager.v.post(`/v3.0/subsite/${co.id}/company`, { city: 'Казань' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const rows = await t.database.db.select().from(companyDetails).where(eq(companyDetails.subsiteId, co.id));
    expect(rows).toHaveLength(0);
  });

  it('only its creator and admins (and the site admins) change it or open the cabinet', async () => {
    const { co, manager } = await companyWithManager();
    const stranger = await newUser(t.app, 'Посторонний');
    const author = await newUser(t.app, 'Автор Компании');
    await t.database.db.insert(subsiteRoles).values({ subsiteId: co.id, userId: author.id, role: 'author' });
    for (const v of [stranger.v, author.v]) {
      const save = await v.post(`/v3.0/subsite/${co.id}/company`, { city: 'Москва' });
      expect(isRussianError(save, 403)).toBe(true);
      expect(save.json().error).toBe('company_forbidden');
      expect(isRussianError(await v.get(`/v3.0/subsite/${co.id}/cabinet`), 403)).toBe(true);
    }
    expect((await anon().get(`/v3.0/subsite/${co.id}/cabinet`)).statusCode).toBe(401);
    // The site's superuser acts as an admin of every company.
    expect((await staff.get(`/v3.0/subsite/${co.id}/cabinet`)).statusCode).toBe(200);
    // A community or a person's blog is no company.
    const club = await f.community({ type: 'community' });
    expect(isRussianError(await manager.v.get(`/v3.0/subsite/${club.id}/company`), 404)).toBe(true);
    expect(isRussianError(await manager.v.post(`/v3.0/subsite/${manager.id}/company`, { city: 'Х' }), 404)).toBe(true);
    expect(isRussianError(await anon().get('/v3.0/subsite/abc/company'), 400)).toBe(true);
    expect(isRussianError(await anon().get('/v3.0/subsite/2000000000/team'), 404)).toBe(true);
  });

  it('the cabinet shows the team, the statistics and the promotion balance; the team is public', async () => {
    const { co, manager } = await companyWithManager();
    const writer = await newUser(t.app, 'Пишущий Сотрудник');
    await t.database.db.insert(subsiteRoles).values({ subsiteId: co.id, userId: writer.id, role: 'editor' });
    await f.entry({ subsiteId: co.id, authorId: writer.id, hitsCount: 40, commentsCount: 3 });
    await f.entry({ subsiteId: co.id, authorId: writer.id, hitsCount: 2 });
    await t.database.db.insert(companyDetails).values({ subsiteId: co.id, promotionBalance: 150_000 });
    const cab = (await manager.v.get(`/v3.0/subsite/${co.id}/cabinet`)).json().data;
    expect(cab.stats).toMatchObject({ entries: 2, views: 42, comments: 3, vacancies: 0, events: 0 });
    expect(cab.promotion_balance).toBe(150_000);
    expect(cab.team.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [manager.id, 'creator'],
      [writer.id, 'editor'],
    ]);
    const team = (await anon().get(`/v3.0/subsite/${co.id}/team`)).json().data.items;
    expect(team).toHaveLength(2);
    // The subsite's role list in its answer names the reader's own.
    const details = (await manager.v.get(`/v3.0/subsite/${co.id}`)).json().data;
    expect(details.roles).toEqual([
      { name: 'creator', active: true },
      { name: 'admin', active: false },
      { name: 'moderator', active: false },
      { name: 'editor', active: false },
      { name: 'author', active: false },
    ]);
    const byAnon = (await anon().get(`/v3.0/subsite/${co.id}`)).json().data;
    expect(byAnon.roles.every((r: { active: boolean }) => !r.active)).toBe(true);
  });
});
