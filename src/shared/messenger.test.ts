import { describe, expect, it } from 'vitest';
import { daySeparator, directKey, messageTime } from './messenger.ts';

describe('messenger helpers', () => {
  it('names the days of the conversation: Сегодня, Вчера, then the date', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(daySeparator('2026-11-24T08:00:00Z', now)).toBe('Сегодня');
    expect(daySeparator('2026-11-23T08:00:00Z', now)).toBe('Вчера');
    expect(daySeparator('2026-11-12T08:00:00Z', now)).toBe('12 ноября');
    expect(daySeparator('2025-11-12T08:00:00Z', now)).toBe('12 ноября 2025');
    expect(messageTime('2026-11-24T08:05:00Z')).toMatch(/^\d\d:05$/);
  });

  it('keys a pair the same way whoever starts', () => {
    expect(directKey(7, 3)).toBe('3:7');
    expect(directKey(3, 7)).toBe('3:7');
  });
});
