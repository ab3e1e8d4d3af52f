import { describe, expect, it } from 'vitest';
import { auditPhrase } from './audit-phrase.ts';

const row = (action: string, target_type: string, gender: 'male' | 'female' | null) => ({
  action,
  target_type,
  actor: gender === null ? null : { gender },
});

describe('auditPhrase', () => {
  it('agrees the verb with the actor and puts the noun in the verb’s case', () => {
    expect(auditPhrase(row('user.ban', 'user', 'female'))).toBe('заблокировала пользователя');
    expect(auditPhrase(row('user.ban', 'user', 'male'))).toBe('заблокировал пользователя');
    expect(auditPhrase(row('entry.unnsfw', 'entry', 'male'))).toBe('снял отметку 18+ с записи');
    expect(auditPhrase(row('entry.unnsfw', 'entry', 'female'))).toBe('сняла отметку 18+ с записи');
    expect(auditPhrase(row('vacancy.reject', 'vacancy', 'female'))).toBe('отклонила вакансию');
    expect(auditPhrase(row('event.publish', 'event', 'male'))).toBe('опубликовал мероприятие');
  });

  it('speaks of the system (no actor) in the masculine form', () => {
    expect(auditPhrase(row('ban.expired', 'user', null))).toBe('блокировка истекла у пользователя');
    expect(auditPhrase(row('entry.remove', 'entry', null))).toBe('удалил запись');
  });

  it('drops a noun the catalogue lacks and shows an unknown action by its code and the target’s name', () => {
    expect(auditPhrase(row('entry.remove', 'planet', 'female'))).toBe('удалила');
    expect(auditPhrase(row('planet.explode', 'entry', 'male'))).toBe('planet.explode запись');
    expect(auditPhrase(row('planet.explode', 'planet', 'male'))).toBe('planet.explode planet');
  });
});
