import { describe, expect, it } from 'vitest';
import { filterList, flatten, normalizeQuery, step, toggle, type ListItem, type ListSection } from './filter.ts';

const towns: ListItem[] = [
  { value: '1', label: 'Орёл', details: 'Орловская область' },
  { value: '2', label: 'Королёв' },
  { value: '3', label: 'Казань' },
  { value: 'kazan-2', label: 'Казанская', disabled: true },
];

describe('search list filtering', () => {
  it('trims, lowercases and reads ё as е, as the town search does', () => {
    expect(normalizeQuery('  ОрЁл ')).toBe('орел');
    expect(filterList(towns, 'орел').map((t) => t.label)).toEqual(['Орёл']);
    expect(filterList(towns, 'ОРЁЛ').map((t) => t.label)).toEqual(['Орёл']);
    expect(filterList(towns, 'королев').map((t) => t.label)).toEqual(['Королёв']);
  });

  it('matches the label or the value, and keeps everything for an empty query', () => {
    expect(filterList(towns, 'каз').map((t) => t.label)).toEqual(['Казань', 'Казанская']);
    expect(filterList(towns, 'kazan').map((t) => t.label)).toEqual(['Казанская']);
    expect(filterList(towns, '   ')).toBe(towns);
    expect(filterList(towns, 'Самара')).toEqual([]);
  });

  it('filters inside sections and drops the ones left empty', () => {
    const sections: ListSection[] = [
      { title: 'Мои', items: [towns[0]] },
      { title: 'Все', items: [towns[1], towns[2]] },
    ];
    expect(filterList(sections, 'каз')).toEqual([{ title: 'Все', items: [towns[2]] }]);
    expect(flatten(sections).map((t) => t.value)).toEqual(['1', '2', '3']);
  });
});

describe('search list keys and choice', () => {
  it('arrows wrap at both ends and step over disabled rows', () => {
    expect(step(towns, -1, 1)).toBe(0);
    expect(step(towns, -1, -1)).toBe(2);
    expect(step(towns, 2, 1)).toBe(0);
    expect(step(towns, 0, -1)).toBe(2);
    expect(step([{ disabled: true }], -1, 1)).toBe(-1);
    expect(step([], -1, 1)).toBe(-1);
  });

  it('one choice replaces, several toggle', () => {
    expect(toggle([towns[0]], towns[1], false)).toEqual([towns[1]]);
    expect(toggle([towns[0]], towns[1], true)).toEqual([towns[0], towns[1]]);
    expect(toggle([towns[0], towns[1]], towns[0], true)).toEqual([towns[1]]);
  });
});
