import { describe, expect, it } from 'vitest';
import { boundedMemo } from './memo.ts';

describe('boundedMemo', () => {
  it('computes a key once, null answers included, and forgets everything once the limit is reached', () => {
    const memo = boundedMemo<string | null>(2);
    let calls = 0;
    const ask = (key: string) => memo(key, () => (calls++, key === 'stop' ? null : key.toUpperCase()));
    expect(ask('a')).toBe('A');
    expect(ask('stop')).toBeNull();
    expect([ask('a'), ask('stop'), calls]).toEqual(['A', null, 2]);
    // A third key: the two kept are forgotten, the new one kept.
    expect(ask('b')).toBe('B');
    expect([ask('b'), calls]).toEqual(['B', 3]);
    expect([ask('a'), calls]).toEqual(['A', 4]);
  });
});
