import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  abbreviate,
  collapseWhitespace,
  compactCount,
  formatDate,
  formatDateTime,
  formatFullDate,
  formatUntil,
  formatNumber,
  formatTimecode,
  imageRequestSize,
  imageWidthBucket,
  plural,
  pluralize,
  relativeTime,
  truncate,
  typograph,
  type PluralForms,
} from './format.ts';
import { formatPhone, normalizePhone } from './phone.ts';

const NBSP = '\u00A0';
const COMMENTS: PluralForms = ['комментарий', 'комментария', 'комментариев'];
// All instants are absolute (UTC); Moscow is UTC+3 all year, so 11:07Z is 14:07 there.
const utc = (iso: string) => new Date(`${iso}Z`);

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1000'],
    [9999, '9999'],
    [10000, `10${NBSP}000`],
    [12345, `12${NBSP}345`],
    [1234567, `1${NBSP}234${NBSP}567`],
    [-9999, '-9999'],
    [-12345, `-12${NBSP}345`],
    [12345.5, `12${NBSP}345,5`],
    [3.25, '3,25'],
    [-0, '0'],
    [1e21, `1${`${NBSP}000`.repeat(7)}`], // no exponent notation
  ])('%s -> %j', (n, expected) => {
    expect(formatNumber(n)).toBe(expected);
  });

  it('uses a non-breaking space, never an ordinary or narrow one', () => {
    expect(formatNumber(123456)).not.toMatch(/[ \u202F]/);
  });
});

describe('compactCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1234, '1,2K'],
    [1999, '1,9K'],
    [2300, '2,3K'],
    [9999, '9,9K'],
    [10000, '10K'],
    [15300, '15K'],
    [999_999, '999K'],
    [1_000_000, '1M'],
    [1_050_000, '1M'],
    [2_500_000, '2,5M'],
    [15_300_000, '15M'],
    [1_500_000_000, '1500M'],
    [12_345_000_000, `12${NBSP}345M`],
    [-1234, '-1,2K'],
    [-999, '-999'],
  ])('%s -> %j', (n, expected) => {
    expect(compactCount(n)).toBe(expected);
  });
});

describe('abbreviate', () => {
  it.each([
    [999, '999'],
    [1234, '1,2k'],
    [15_300, '15k'],
    [5e6, '5M'],
    [7.5e9, '7,5G'],
    [1e12, '1T'],
    [1e15, '1P'],
    [3.3e18, '3,3E'],
    [1e21, '1Z'],
    [2.5e24, '2,5Y'],
    [4.2e26, '420Y'],
    [-2_000_000, '-2M'],
    [5.55, '5,5'],
  ])('%s -> %j', (n, expected) => {
    expect(abbreviate(n)).toBe(expected);
  });

  it('keeps the largest suffix beyond yotta', () => {
    expect(abbreviate(1e28)).toBe(`10${NBSP}000Y`);
  });
});

describe('truncate', () => {
  it('returns text that fits unchanged, without an ellipsis', () => {
    expect(truncate('Привет, мир', 11)).toBe('Привет, мир');
    expect(truncate('Коротко', 100)).toBe('Коротко');
    expect(truncate('', 5)).toBe('');
  });

  it('cuts at the last word boundary and drops dangling punctuation', () => {
    expect(truncate('Привет, мир! Как дела?', 12)).toBe('Привет…');
    expect(truncate('Новости дня и недели', 15)).toBe('Новости дня и…');
  });

  it('keeps the last whole word when the cut falls right before a space', () => {
    expect(truncate('Новости дня и недели', 12)).toBe('Новости дня…');
  });

  it('cuts inside a word when there is no boundary to use', () => {
    expect(truncate('Достопримечательность', 6)).toBe('Досто…');
  });

  it('handles tiny limits', () => {
    expect(truncate('Слово', 1)).toBe('…');
    expect(truncate('Слово', 0)).toBe('');
  });

  it('counts characters by code point, never splitting surrogate pairs', () => {
    expect(truncate('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('never exceeds max and always ends with an ellipsis when shortened', () => {
    const text = 'Съешь же ещё этих мягких французских булок, да выпей чаю.';
    for (let max = 1; max < text.length; max++) {
      const result = truncate(text, max);
      expect(Array.from(result).length).toBeLessThanOrEqual(max);
      expect(result.endsWith('…')).toBe(true);
      expect(text.startsWith(result.slice(0, -1))).toBe(true);
    }
  });
});

describe('typograph', () => {
  it('binds a short word to the next one', () => {
    expect(typograph('Я живу в Москве')).toBe(`Я живу в${NBSP}Москве`);
    expect(typograph('статья для всех')).toBe(`статья для${NBSP}всех`);
    expect(typograph('это не так')).toBe(`это${NBSP}не${NBSP}так`);
  });

  it('handles a short word at the very beginning and chains of short words', () => {
    expect(typograph('В Москве и в Питере')).toBe(`В${NBSP}Москве и${NBSP}в${NBSP}Питере`);
  });

  it('is case-insensitive and keeps the original case', () => {
    expect(typograph('НА СТОЛЕ ПОД ЛАМПОЙ')).toBe(`НА${NBSP}СТОЛЕ ПОД${NBSP}ЛАМПОЙ`);
  });

  it('does not touch short endings of longer Cyrillic words', () => {
    expect(typograph('Лев прыгнул')).toBe('Лев прыгнул');
    expect(typograph('Кино сегодня')).toBe('Кино сегодня');
    expect(typograph('слово на столе')).toBe(`слово на${NBSP}столе`);
    expect(typograph('Сегодня тепло')).toBe('Сегодня тепло');
  });

  it('treats punctuation and hyphens as word boundaries', () => {
    expect(typograph('«В доме» (о погоде)')).toBe(`«В${NBSP}доме» (о${NBSP}погоде)`);
    expect(typograph('из-за угла')).toBe(`из-за${NBSP}угла`);
  });

  it('replaces only a single ordinary space before a word', () => {
    expect(typograph('в\nдоме')).toBe('в\nдоме');
    expect(typograph('конец в')).toBe('конец в');
    expect(typograph('в  доме')).toBe('в  доме');
  });

  it('is idempotent', () => {
    const once = typograph('Он пришёл из дома в офис и не ушёл');
    expect(typograph(once)).toBe(once);
  });
});

describe('plural', () => {
  it.each([
    [0, 'комментариев'],
    [1, 'комментарий'],
    [2, 'комментария'],
    [4, 'комментария'],
    [5, 'комментариев'],
    [11, 'комментариев'],
    [12, 'комментариев'],
    [14, 'комментариев'],
    [15, 'комментариев'],
    [21, 'комментарий'],
    [22, 'комментария'],
    [25, 'комментариев'],
    [101, 'комментарий'],
    [111, 'комментариев'],
    [112, 'комментариев'],
    [1000, 'комментариев'],
    [-1, 'комментарий'],
    [-3, 'комментария'],
    [-11, 'комментариев'],
    [1.5, 'комментария'],
    [0.5, 'комментария'],
    [-2.5, 'комментария'],
  ])('%s -> %s', (n, expected) => {
    expect(plural(n, COMMENTS)).toBe(expected);
  });
});

describe('pluralize', () => {
  it('prefixes the formatted number', () => {
    expect(pluralize(21, COMMENTS)).toBe('21 комментарий');
    expect(pluralize(3, COMMENTS)).toBe('3 комментария');
    expect(pluralize(12345, COMMENTS)).toBe(`12${NBSP}345 комментариев`);
    expect(pluralize(1.5, COMMENTS)).toBe('1,5 комментария');
    expect(pluralize(-11, COMMENTS)).toBe('-11 комментариев');
  });
});

describe('formatDate', () => {
  const date = utc('2025-03-05T11:07:00');

  it('omits the year when it matches now', () => {
    expect(formatDate(date, utc('2025-12-31T12:00:00'))).toBe('5 марта');
  });

  it('adds the year when it differs from now', () => {
    expect(formatDate(date, utc('2026-01-10T12:00:00'))).toBe('5 марта 2025');
  });

  it('uses genitive month names', () => {
    const months = Array.from({ length: 12 }, (_, i) =>
      formatDate(new Date(Date.UTC(2025, i, 15, 12)), utc('2025-06-01T00:00:00')),
    );
    expect(months).toEqual([
      '15 января',
      '15 февраля',
      '15 марта',
      '15 апреля',
      '15 мая',
      '15 июня',
      '15 июля',
      '15 августа',
      '15 сентября',
      '15 октября',
      '15 ноября',
      '15 декабря',
    ]);
  });

  it('reads the calendar date in Moscow by default, not in UTC or the machine zone', () => {
    // 22:30 UTC on New Year's Eve is already 01:30 on 1 January in Moscow.
    const eve = utc('2024-12-31T22:30:00');
    expect(formatDate(eve, utc('2025-06-01T00:00:00'))).toBe('1 января');
    expect(formatDate(eve, utc('2025-06-01T00:00:00'), { timeZone: 'UTC' })).toBe('31 декабря 2024');
  });

  it('accepts timestamps and ISO strings', () => {
    const now = utc('2025-06-01T00:00:00');
    expect(formatDate(date.getTime(), now)).toBe('5 марта');
    expect(formatDate('2025-03-05T11:07:00Z', now)).toBe('5 марта');
  });

  it('rejects invalid dates', () => {
    expect(() => formatDate('not a date', date)).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('joins the date and 24-hour Moscow time with "в"', () => {
    expect(formatDateTime(utc('2025-03-05T11:07:00'), utc('2025-06-01T00:00:00'))).toBe('5 марта в 14:07');
  });

  it('includes the year when it differs from now', () => {
    expect(formatDateTime(utc('2025-03-05T11:07:00'), utc('2026-06-01T00:00:00'))).toBe('5 марта 2025 в 14:07');
  });

  it('pads hours and shows midnight as 00', () => {
    const now = utc('2025-06-01T00:00:00');
    expect(formatDateTime(utc('2025-03-04T21:05:00'), now)).toBe('5 марта в 00:05');
    expect(formatDateTime(utc('2025-03-05T06:09:00'), now)).toBe('5 марта в 09:09');
  });

  it('honours the timeZone option', () => {
    const now = utc('2025-06-01T00:00:00');
    expect(formatDateTime(utc('2025-03-05T11:07:00'), now, { timeZone: 'America/New_York' })).toBe('5 марта в 06:07');
  });
});

describe('formatFullDate', () => {
  it('renders weekday, date, year and time', () => {
    expect(formatFullDate(utc('2025-03-05T11:07:00'))).toBe('среда, 5 марта 2025, 14:07');
  });

  it('names every weekday', () => {
    const days = Array.from({ length: 7 }, (_, i) => formatFullDate(new Date(Date.UTC(2025, 2, 3 + i, 9))));
    expect(days.map((d) => d.split(',')[0])).toEqual([
      'понедельник',
      'вторник',
      'среда',
      'четверг',
      'пятница',
      'суббота',
      'воскресенье',
    ]);
  });

  it('takes the weekday from the zoned date', () => {
    // 22:00 UTC on Wednesday is 01:00 on Thursday in Moscow.
    expect(formatFullDate(utc('2025-03-05T22:00:00'))).toBe('четверг, 6 марта 2025, 01:00');
    expect(formatFullDate(utc('2025-03-05T22:00:00'), { timeZone: 'UTC' })).toBe('среда, 5 марта 2025, 22:00');
    expect(formatFullDate(utc('2025-03-05T11:07:00'), { timeZone: 'Asia/Vladivostok' })).toBe(
      'среда, 5 марта 2025, 21:07',
    );
  });
});

describe('formatUntil', () => {
  it('puts the weekday in the genitive, after «до»', () => {
    expect(formatUntil(utc('2026-12-01T13:52:00'))).toBe('вторника, 1 декабря 2026, 16:52');
    const days = Array.from({ length: 7 }, (_, i) => formatUntil(new Date(Date.UTC(2025, 2, 3 + i, 9))));
    expect(days.map((d) => d.split(',')[0])).toEqual([
      'понедельника',
      'вторника',
      'среды',
      'четверга',
      'пятницы',
      'субботы',
      'воскресенья',
    ]);
  });
});

describe('relativeTime', () => {
  const now = utc('2025-03-05T11:07:00'); // 14:07 in Moscow
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;

  afterEach(() => {
    vi.useRealTimers();
  });

  it('says "только что" under a minute and for future dates', () => {
    expect(relativeTime(now, now)).toBe('только что');
    expect(relativeTime(ago(59_999), now)).toBe('только что');
    expect(relativeTime(ago(-5 * MIN), now)).toBe('только что');
    expect(relativeTime(ago(-3 * 24 * HOUR), now)).toBe('только что');
  });

  it.each([
    [1, '1 минуту назад'],
    [2, '2 минуты назад'],
    [4, '4 минуты назад'],
    [5, '5 минут назад'],
    [11, '11 минут назад'],
    [21, '21 минуту назад'],
    [22, '22 минуты назад'],
    [59, '59 минут назад'],
  ])('%i minutes -> %s', (minutes, expected) => {
    expect(relativeTime(ago(minutes * MIN), now)).toBe(expected);
  });

  it('rounds minutes down', () => {
    expect(relativeTime(ago(2 * MIN - 1), now)).toBe('1 минуту назад');
    expect(relativeTime(ago(HOUR - 1), now)).toBe('59 минут назад');
  });

  it.each([
    [1, '1 час назад'],
    [2, '2 часа назад'],
    [3, '3 часа назад'],
    [5, '5 часов назад'],
    [11, '11 часов назад'],
    [14, '14 часов назад'],
  ])('%i hours on the same day -> %s', (hours, expected) => {
    expect(relativeTime(ago(hours * HOUR), now)).toBe(expected);
  });

  it('counts whole hours', () => {
    expect(relativeTime(ago(2 * HOUR - 1), now)).toBe('1 час назад');
  });

  it('says "вчера" for the previous calendar day', () => {
    expect(relativeTime(ago(14 * HOUR + 8 * MIN), now)).toBe('вчера в 23:59');
    expect(relativeTime(ago(24 * HOUR), now)).toBe('вчера в 14:07');
    expect(relativeTime(utc('2025-03-03T21:00:00'), now)).toBe('вчера в 00:00');
  });

  it('prefers minutes over "вчера" just after midnight, then switches to "вчера"', () => {
    const afterMidnight = utc('2025-03-05T21:30:00'); // 00:30 on 6 March in Moscow
    expect(relativeTime(utc('2025-03-05T20:50:00'), afterMidnight)).toBe('40 минут назад');
    expect(relativeTime(utc('2025-03-05T19:00:00'), afterMidnight)).toBe('вчера в 22:00');
  });

  it('uses the date and time for older dates this year', () => {
    expect(relativeTime(utc('2025-03-03T20:59:00'), now)).toBe('3 марта в 23:59');
    expect(relativeTime(utc('2025-01-01T09:00:00'), now)).toBe('1 января в 12:00');
  });

  it('uses the date with the year for earlier years', () => {
    expect(relativeTime(utc('2024-12-30T11:07:00'), utc('2025-01-02T09:00:00'))).toBe('30 декабря 2024');
  });

  it('says "вчера" across a year boundary', () => {
    expect(relativeTime(utc('2024-12-31T11:07:00'), utc('2025-01-01T09:00:00'))).toBe('вчера в 14:07');
  });

  it('decides "today" and "yesterday" in the given time zone', () => {
    const lateNight = utc('2025-03-05T22:30:00'); // 01:30 on 6 March in Moscow, still 5 March in UTC
    const evening = utc('2025-03-05T20:00:00');
    expect(relativeTime(evening, lateNight)).toBe('вчера в 23:00');
    expect(relativeTime(evening, lateNight, { timeZone: 'UTC' })).toBe('2 часа назад');
  });

  it('defaults now to the current clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
    expect(relativeTime(ago(5 * MIN))).toBe('5 минут назад');
    expect(formatDate(utc('2024-03-05T11:07:00'))).toBe('5 марта 2024');
  });
});

describe('imageWidthBucket', () => {
  it.each([
    [1, 64],
    [64, 64],
    [65, 108],
    [80, 108],
    [108, 108],
    [109, 200],
    [200, 200],
    [201, 300],
    [1280, 1300],
    [64.5, 108],
  ])('%s -> %i', (width, expected) => {
    expect(imageWidthBucket(width)).toBe(expected);
  });

  it('doubles on retina', () => {
    expect(imageWidthBucket(64, { retina: true })).toBe(128);
    expect(imageWidthBucket(100, { retina: true })).toBe(216);
    expect(imageWidthBucket(150, { retina: true })).toBe(400);
    expect(imageWidthBucket(150, { retina: false })).toBe(200);
  });

  it('rejects non-positive and non-finite widths', () => {
    expect(() => imageWidthBucket(0)).toThrow(RangeError);
    expect(() => imageWidthBucket(-10)).toThrow(RangeError);
    expect(() => imageWidthBucket(Number.NaN)).toThrow(RangeError);
  });
});

describe('imageRequestSize', () => {
  it('buckets the width and scales the height proportionally', () => {
    expect(imageRequestSize(640, 480)).toEqual({ width: 700, height: 525 });
    expect(imageRequestSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(imageRequestSize(150, 100)).toEqual({ width: 200, height: 133 });
    expect(imageRequestSize(81, 200)).toEqual({ width: 108, height: 267 });
    expect(imageRequestSize(200, 81)).toEqual({ width: 200, height: 81 });
  });

  it('doubles both sides on retina', () => {
    expect(imageRequestSize(640, 480, { retina: true })).toEqual({ width: 1400, height: 1050 });
  });

  it('doubles both sides when either side is 80 or less', () => {
    expect(imageRequestSize(50, 50)).toEqual({ width: 128, height: 128 });
    expect(imageRequestSize(80, 200)).toEqual({ width: 216, height: 540 });
    expect(imageRequestSize(200, 80)).toEqual({ width: 400, height: 160 });
  });

  it('doubles only once when retina and small', () => {
    expect(imageRequestSize(50, 50, { retina: true })).toEqual({ width: 128, height: 128 });
  });

  it('rejects invalid sides', () => {
    expect(() => imageRequestSize(0, 100)).toThrow(RangeError);
    expect(() => imageRequestSize(100, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['8 (999) 123-45-67', '+79991234567'],
    ['+7 999 123 45 67', '+79991234567'],
    ['79991234567', '+79991234567'],
    ['89991234567', '+79991234567'],
    ['999 123-45-67', '+79991234567'],
  ])('%j -> %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['', '123', '+1 555 123 4567', '8999123456789', 'телефон'])('rejects %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('formatPhone', () => {
  it('formats a normalized number', () => {
    expect(formatPhone('+79991234567')).toBe('+7 (999) 123-45-67');
  });

  it('normalizes before formatting', () => {
    expect(formatPhone('8 999 123 45 67')).toBe('+7 (999) 123-45-67');
  });

  it('returns invalid input unchanged', () => {
    expect(formatPhone('12345')).toBe('12345');
  });
});

describe('collapseWhitespace', () => {
  it('collapses runs to one space and trims', () => {
    expect(collapseWhitespace('  Привет \t\n  мир  ')).toBe('Привет мир');
    expect(collapseWhitespace(`a${NBSP}${NBSP}b`)).toBe('a b');
    expect(collapseWhitespace('без изменений')).toBe('без изменений');
  });

  it('turns whitespace-only strings into an empty string', () => {
    expect(collapseWhitespace(' \t\n ')).toBe('');
    expect(collapseWhitespace('')).toBe('');
  });
});

describe('formatTimecode', () => {
  it('writes minutes and seconds, hours only when there are any', () => {
    expect(formatTimecode(0)).toBe('0:00');
    expect(formatTimecode(42)).toBe('0:42');
    expect(formatTimecode(90)).toBe('1:30');
    expect(formatTimecode(3723.9)).toBe('1:02:03');
    expect(formatTimecode(-5)).toBe('0:00');
  });
});
