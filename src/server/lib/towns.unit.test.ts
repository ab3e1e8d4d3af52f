import { describe, expect, it } from 'vitest';
import { findTowns, townById } from './towns.ts';
import rows from './towns.json' with { type: 'json' };

describe('the town list', () => {
  it('has unique ids, a region for every town but the federal cities, and a time zone Node knows', () => {
    const ids = new Set(rows.map((r) => r[0]));
    expect(ids.size).toBe(rows.length);
    for (const [id, name, region, population, tz] of rows as [number, string, string, number, string][]) {
      expect(name, String(id)).toMatch(/^[А-ЯЁ]/);
      if (!['Москва', 'Санкт-Петербург', 'Севастополь'].includes(name)) expect(region, name).not.toBe('');
      expect(population, name).toBeGreaterThanOrEqual(0);
      expect(() => new Intl.DateTimeFormat('ru', { timeZone: tz }), name).not.toThrow();
    }
  });

  it('puts a town whose population GeoNames does not give after the towns it does, within each kind of match', () => {
    // Каменка (Пензенская область) is missing from GeoNames' dump: 0 means unknown, not empty.
    expect(townById(455)).toMatchObject({ name: 'Каменка', population: 0, tz: 'Europe/Moscow' });
    const found = findTowns('Камен', 10).map((t) => t.name);
    // Names that start with the query first (the unknown population last among them), then a word inside.
    expect(found.slice(0, 6)).toEqual([
      'Каменск-Уральский',
      'Каменск-Шахтинский',
      'Камень-на-Оби',
      'Каменногорск',
      'Каменка',
      'Большой Камень',
    ]);
  });
});
