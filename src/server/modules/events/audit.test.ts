import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ui } from '../../../shared/catalogue.ts';
import { auditLog } from '../../db/schema.ts';
import { isRussianError, useTestApp } from '../../testing/harness.ts';
import { moderator } from '../vacancies/testing.ts';
import { goodEvent } from './testing.ts';

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

describe('staff decisions on events in the audit log', () => {
  it('publishing, rejecting with a reason and staff’s unpublishing are logged; the author’s own steps are not', async () => {
    const author = await signedIn('Автор Мероприятий');
    const mod = await moderator(t);
    const post = async (title: string) =>
      (await author.v.post('/v3.0/events/create', goodEvent({ title }))).json().data.id as number;
    const [kept, refused, taken, own] = [
      await post('Митап аналитиков'),
      await post('Ярмарка вакансий'),
      await post('Лекция о дизайне'),
      await post('Хакатон'),
    ];
    const logOf = async (id: number) => {
      await t.app.ctx.events.settled();
      const items: Item[] = (await mod.v.get('/v3.0/admin/audit')).json().data.items;
      return items.filter((i) => i.target_type === 'event' && i.target_id === id);
    };

    // A refused decision (no reason, a huge reason, a repeat, someone who is not staff) writes nothing.
    expect(isRussianError(await mod.v.post(`/v3.0/events/${refused}/reject`, { reason_text: '' }), 400)).toBe(true);
    expect(
      isRussianError(await mod.v.post(`/v3.0/events/${refused}/reject`, { reason_text: 'я'.repeat(100_000) }), 400),
    ).toBe(true);
    expect(isRussianError(await author.v.post(`/v3.0/events/${refused}/publish`, {}), 403)).toBe(true);
    expect(await logOf(refused)).toEqual([]);

    expect((await mod.v.post(`/v3.0/events/${kept}/publish`, {})).json().rc).toBe(200);
    expect(isRussianError(await mod.v.post(`/v3.0/events/${kept}/publish`, {}), 400)).toBe(true);
    expect(await logOf(kept)).toEqual([
      expect.objectContaining({
        action: 'event.publish',
        target_url: `/events/${kept}`,
        target_name: 'Митап аналитиков',
        reason: '',
        actor: expect.objectContaining({ id: mod.id }),
      }),
    ]);

    expect((await mod.v.post(`/v3.0/events/${refused}/reject`, { reason_text: 'Нет программы' })).json().rc).toBe(200);
    expect(await logOf(refused)).toEqual([
      expect.objectContaining({ action: 'event.reject', reason: 'Нет программы', target_name: 'Ярмарка вакансий' }),
    ]);

    await mod.v.post(`/v3.0/events/${taken}/publish`, {});
    await mod.v.post(`/v3.0/events/${taken}/unpublish`, { reason_text: 'Мероприятие отменено' });
    expect((await logOf(taken)).map((i) => [i.action, i.reason])).toEqual([
      ['event.unpublish', 'Мероприятие отменено'],
      ['event.publish', ''],
    ]);

    // The author taking their own event off is no staff decision.
    await mod.v.post(`/v3.0/events/${own}/publish`, {});
    expect((await author.v.post(`/v3.0/events/${own}/unpublish`, {})).json().rc).toBe(200);
    expect((await logOf(own)).map((i) => i.action)).toEqual(['event.publish']);

    const filtered = (await mod.v.get('/v3.0/admin/audit?action=event.reject')).json().data.items as Item[];
    expect(filtered.map((i) => i.target_id)).toEqual([refused]);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'event.reject'));
    expect(row).toMatchObject({ actorId: mod.id, targetType: 'event', data: { author_id: author.id } });
    expect(ui.moderation.actions['event.reject']).toMatchObject({
      he: 'отклонил',
      she: 'отклонила',
      object: 'accusative',
    });
    expect(ui.moderation.targetNouns.accusative.event).toBe('мероприятие');
    expect(ui.moderation.targets.event).toBe('мероприятие');
  });
});
