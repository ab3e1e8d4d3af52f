import { describe, expect, it } from 'vitest';
import { isTimeZone, localTime, zonedInstant } from './events.ts';
import { eventZone } from './events-format.ts';

describe('event times in their zone', () => {
  it('turns a wall-clock time of a zone into its instant and back', () => {
    expect(zonedInstant('2030-03-05T19:00', 'Europe/Moscow')?.toISOString()).toBe('2030-03-05T16:00:00.000Z');
    expect(zonedInstant('2030-03-05T00:30', 'Asia/Vladivostok')?.toISOString()).toBe('2030-03-04T14:30:00.000Z');
    expect(localTime('2030-03-05T16:00:00.000Z', 'Europe/Moscow')).toBe('2030-03-05T19:00');
    expect(localTime('2030-03-04T14:30:00.000Z', 'Asia/Vladivostok')).toBe('2030-03-05T00:30');
  });

  it('keeps summer and winter time apart in a zone that changes its clock', () => {
    expect(zonedInstant('2030-07-01T12:00', 'Europe/Berlin')?.toISOString()).toBe('2030-07-01T10:00:00.000Z');
    expect(zonedInstant('2030-01-01T12:00', 'Europe/Berlin')?.toISOString()).toBe('2030-01-01T11:00:00.000Z');
  });

  it('refuses impossible times and unknown zones', () => {
    for (const bad of ['2030-02-30T10:00', '2030-13-01T10:00', '2030-01-01T24:00', '2030-01-01T10:60', '2030-01-01'])
      expect(zonedInstant(bad, 'Europe/Moscow'), bad).toBeNull();
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    for (const bad of ['Mars/Olympus', '../etc/passwd', '', 'Europe/Moscow; drop'])
      expect(isTimeZone(bad), bad).toBe(false);
  });
});

describe('eventZone', () => {
  it('names Moscow time, and other zones by their offset at the start', () => {
    expect(eventZone({ starts_at: '2026-12-02T07:00:00Z', time_zone: 'Europe/Moscow' })).toBe('московское время');
    expect(eventZone({ starts_at: '2026-12-02T07:00:00Z', time_zone: 'Asia/Novosibirsk' })).toBe(
      'местное время, GMT+7',
    );
    expect(eventZone({ starts_at: '2026-07-02T07:00:00Z', time_zone: 'Europe/Kaliningrad' })).toBe(
      'местное время, GMT+2',
    );
  });
});
