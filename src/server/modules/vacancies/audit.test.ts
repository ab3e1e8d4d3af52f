import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ui } from '../../../shared/catalogue.ts';
import { auditLog } from '../../db/schema.ts';
import { isRussianError, useTestApp } from '../../testing/harness.ts';
import { goodVacancy, moderator } from './testing.ts';

const { t, signedIn } = useTestApp();

interface Item {
  action: string;
  target_type: string;
  target_id: number;
  target_url: string | null;
  target_name: string | null;
  reason: string;
  actor: { id: number } | null;
}

describe('staff decisions on vacancies in the audit log', () => {
  it('publishing, rejecting with a reason and staff’s unpublishing are logged; the author’s own steps are not', async () => {
    const author = await signedIn('Автор Вакансий');
    const mod = await moderator(t);
    const post = async (title: string) =>
      (await author.v.post('/v3.0/job/create', goodVacancy({ title }))).json().data.id as number;
    const [kept, refused, taken, own] = [
      await post('Бухгалтер'),
      await post('Курьер'),
      await post('Дизайнер'),
      await post('Тестировщик'),
    ];
    const logOf = async (id: number) => {
      await t.app.ctx.events.settled();
      const items: Item[] = (await mod.v.get('/v3.0/admin/audit')).json().data.items;
      return items.filter((i) => i.target_type === 'vacancy' && i.target_id === id);
    };

    // A refused decision (no reason; someone who is not staff) writes nothing.
    expect(isRussianError(await mod.v.post(`/v3.0/job/${refused}/reject`, { reason_text: '' }), 400)).toBe(true);
    expect(isRussianError(await author.v.post(`/v3.0/job/${refused}/publish`, {}), 403)).toBe(true);
    expect(await logOf(refused)).toEqual([]);

    expect((await mod.v.post(`/v3.0/job/${kept}/publish`, {})).json().rc).toBe(200);
    expect(await logOf(kept)).toEqual([
      expect.objectContaining({
        action: 'vacancy.publish',
        target_url: `/job/${kept}`,
        target_name: 'Бухгалтер',
        reason: '',
        actor: expect.objectContaining({ id: mod.id }),
      }),
    ]);

    expect((await mod.v.post(`/v3.0/job/${refused}/reject`, { reason_text: 'Нет обязанностей' })).json().rc).toBe(200);
    expect(await logOf(refused)).toEqual([
      expect.objectContaining({ action: 'vacancy.reject', reason: 'Нет обязанностей', target_name: 'Курьер' }),
    ]);

    await mod.v.post(`/v3.0/job/${taken}/publish`, {});
    await mod.v.post(`/v3.0/job/${taken}/unpublish`, { reason_text: 'Вакансия закрыта' });
    expect((await logOf(taken)).map((i) => [i.action, i.reason])).toEqual([
      ['vacancy.unpublish', 'Вакансия закрыта'],
      ['vacancy.publish', ''],
    ]);

    // The author taking their own vacancy off is no staff decision.
    await mod.v.post(`/v3.0/job/${own}/publish`, {});
    expect((await author.v.post(`/v3.0/job/${own}/unpublish`, {})).json().rc).toBe(200);
    expect((await logOf(own)).map((i) => i.action)).toEqual(['vacancy.publish']);

    // The filter by action and the stored row (the author is kept for the person's card).
    const filtered = (await mod.v.get('/v3.0/admin/audit?action=vacancy.reject')).json().data.items as Item[];
    expect(filtered.map((i) => i.target_id)).toContain(refused);
    expect(filtered.every((i) => i.action === 'vacancy.reject')).toBe(true);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'vacancy.reject'));
    expect(row).toMatchObject({ actorId: mod.id, targetType: 'vacancy', data: { author_id: author.id } });
    expect(ui.moderation.actions['vacancy.reject']).toMatchObject({
      he: 'отклонил',
      she: 'отклонила',
      object: 'accusative',
    });
    expect(ui.moderation.targetNouns.accusative.vacancy).toBe('вакансию');
  });
});
