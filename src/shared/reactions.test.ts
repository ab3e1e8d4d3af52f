import { describe, expect, it } from 'vitest';
import { idField, intChoice } from './reactions.ts';

describe('reaction fields', () => {
  const sign = intChoice([-1, 0, 1] as const, 'bad');
  it('take a vote sign from JSON or a form, with no spaces', () => {
    expect(sign.safeParse('-1').data).toBe(-1);
    expect(sign.safeParse(1).data).toBe(1);
    expect(sign.safeParse(' 1').success).toBe(false);
    expect(sign.safeParse('1 ').success).toBe(false);
    expect(sign.safeParse('0x1').success).toBe(false);
    expect(sign.safeParse('1e0').success).toBe(false);
  });
  it('refuse a signed, spaced, hex or exponent id', () => {
    for (const bad of ['-1', ' 1', '0x2ca', '7.14e2']) expect(idField.safeParse(bad).success).toBe(false);
    expect(idField.safeParse('714').data).toBe(714);
  });
});
