import { describe, expect, it } from 'vitest';
import { slugify, subsiteUrl } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Привет, мир!', 'privet-mir'],
    ['Анна Смирнова', 'anna-smirnova'],
    ['Съешь же ещё этих мягких французских булок', 'sesh-zhe-esche-etih-myagkih-francuzskih-bulok'],
    ['Юля Эхо Цапля Жук Чай Шар Хит Йод Щи Ы', 'yulya-eho-caplya-zhuk-chay-shar-hit-yod-schi-y'],
    ['Подъезд и мягкий знак: ь', 'podezd-i-myagkiy-znak'],
    ['Zoë Straße', 'zoe-strasse'],
    ['Łódź, Ørsted, café', 'lodz-orsted-cafe'],
  ])('transliterates %j to %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('reads ё and Ё as e', () => {
    expect(slugify('Ёжик в тумане')).toBe('ezhik-v-tumane');
    expect(slugify('ЁЛКА ёлка')).toBe('elka-elka');
  });

  it('lowercases Latin and keeps digits', () => {
    expect(slugify('Hello World 2026')).toBe('hello-world-2026');
    expect(slugify('iPhone 17 Pro')).toBe('iphone-17-pro');
  });

  it('turns every run of punctuation and space into one dash, none at the ends', () => {
    expect(slugify('  --a--b--  ')).toBe('a-b');
    expect(slugify('«Кавычки» — и тире… (скобки)!?')).toBe('kavychki-i-tire-skobki');
    expect(slugify('C++ & C#')).toBe('c-c');
    expect(slugify('a_b.c/d\\e')).toBe('a-b-c-d-e');
  });

  it('gives an empty slug for empty input or nothing to keep', () => {
    expect(slugify('')).toBe('');
    expect(slugify('   ')).toBe('');
    expect(slugify('!!! ??? ...')).toBe('');
    expect(slugify('😀🎉')).toBe('');
    expect(slugify('ъь')).toBe('');
  });

  it('only ever yields lowercase Latin letters, digits and single inner dashes', () => {
    for (const text of [
      'Ёлки-палки, 100 раз!',
      '<script>alert(1)</script>',
      'Ünïcödé ñ',
      'a\u0000b\nc\td',
      '中文 标题',
    ]) {
      const slug = slugify(text);
      expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
    }
  });

  it('cuts to 80 characters by default', () => {
    expect(slugify('a'.repeat(200))).toBe('a'.repeat(80));
    expect(slugify('я'.repeat(100))).toBe('ya'.repeat(40));
  });

  it('cuts to the given length without leaving a dash at the end', () => {
    expect(slugify('abc def ghi', 4)).toBe('abc');
    expect(slugify('abc def ghi', 7)).toBe('abc-def');
    expect(slugify('abc def ghi', 8)).toBe('abc-def');
    expect(slugify('Привет мир', 7)).toBe('privet');
    for (let n = 1; n <= 30; n++) {
      const slug = slugify('Съешь же ещё этих мягких французских булок', n);
      expect(slug.length).toBeLessThanOrEqual(n);
      expect(slug.endsWith('-')).toBe(false);
    }
  });
});

describe('subsiteUrl', () => {
  it('addresses a personal blog by id and slug', () => {
    expect(subsiteUrl({ id: 42, type: 'user', slug: 'anna-smirnova' })).toBe('/u/42-anna-smirnova');
  });

  it('addresses a personal blog by id alone when the slug is empty', () => {
    expect(subsiteUrl({ id: 7, type: 'user', slug: '' })).toBe('/u/7');
  });

  it('addresses communities and companies by slug, without the id', () => {
    expect(subsiteUrl({ id: 5, type: 'community', slug: 'games' })).toBe('/s/games');
    expect(subsiteUrl({ id: 6, type: 'company', slug: 'sreda' })).toBe('/s/sreda');
  });

  it('fits what slugify makes of a name', () => {
    expect(subsiteUrl({ id: 3, type: 'user', slug: slugify('Пётр Ёлкин', 40) })).toBe('/u/3-petr-elkin');
  });
});
