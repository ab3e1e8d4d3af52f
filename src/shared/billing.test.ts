import { describe, expect, it } from 'vitest';
import { messages, ui } from './catalogue.ts';
import { formatDay, formatRoubles } from './format.ts';

const NBSP = '\u00A0';

describe('money and dates of billing', () => {
  it('formats kopecks as roubles', () => {
    expect(formatRoubles(7500)).toBe(`75${NBSP}₽`);
    expect(formatRoubles(1125)).toBe(`11,25${NBSP}₽`);
    expect(formatRoubles(5)).toBe(`0,05${NBSP}₽`);
    expect(formatRoubles(1_234_500)).toBe(`12${NBSP}345${NBSP}₽`);
    expect(formatRoubles(-50)).toBe(`-0,50${NBSP}₽`);
  });

  it('writes a calendar day with its year in Moscow time', () => {
    expect(formatDay('2026-11-24T22:30:00Z')).toBe('25 ноября 2026');
  });

  it('the count line of /plus and the promo messages agree in number', () => {
    expect(ui.billing.plus.count(1)).toBe('1 человек с Плюсом');
    expect(ui.billing.plus.count(3)).toBe('3 человека с Плюсом');
    expect(ui.billing.plus.count(11)).toBe('11 человек с Плюсом');
    expect(ui.billing.plus.count(12_345)).toBe(`12${NBSP}345 человек с Плюсом`);
    expect(messages.promoApplied(21)).toBe('Промокод применён: 21 день Плюса');
  });
});
