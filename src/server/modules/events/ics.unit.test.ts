import { describe, expect, it } from 'vitest';
import { escapeText, fold, icsCalendar } from './ics.ts';

describe('the iCalendar writer', () => {
  it('escapes TEXT: backslash, semicolon, comma, line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a Cyrillic letter; unfolding gives the line back', () => {
    const line = `SUMMARY:${'Мероприятие '.repeat(20)}`;
    const folded = fold(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(fold('SHORT:line')).toBe('SHORT:line');
  });

  it('writes one VEVENT with UTC times and CRLF ends', () => {
    const text = icsCalendar(
      {
        uid: 'event-1@sreda.test',
        start: new Date('2030-03-05T16:00:00Z'),
        end: new Date('2030-03-05T19:30:00Z'),
        stamp: new Date('2030-01-01T00:00:00.123Z'),
        summary: 'Митап',
        description: 'Строка 1\nСтрока 2',
        location: 'Казань, Баумана 1',
        url: 'https://sreda.test/events/1',
      },
      '-//Среда//RU',
    );
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:event-1@sreda.test',
        'DTSTAMP:20300101T000000Z',
        'DTSTART:20300305T160000Z',
        'DTEND:20300305T193000Z',
        'SUMMARY:Митап',
        'DESCRIPTION:Строка 1\\nСтрока 2',
        'LOCATION:Казань\\, Баумана 1',
        'URL:https://sreda.test/events/1',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
  });
});
