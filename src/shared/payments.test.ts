import { describe, expect, it } from 'vitest';
import { cardBrand, digitsOnly, formatCardNumber, luhnValid, productOf, PRODUCTS } from './payments.ts';

describe('card form rules', () => {
  it('brand by prefix: 51–55, 50 and 56–58, 4, 2 (Mir)', () => {
    expect(['51', '53', '55'].map(cardBrand)).toEqual(['mastercard', 'mastercard', 'mastercard']);
    expect(['50', '56', '57', '58'].map(cardBrand)).toEqual(['maestro', 'maestro', 'maestro', 'maestro']);
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('2200')).toBe('mir');
    expect(cardBrand('59')).toBe('unknown');
    expect(cardBrand('')).toBe('unknown');
  });

  it('digits only, grouped 4-4-4-4-3, 19 digits at most', () => {
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('1234567890123456789').length).toBe(23);
    expect(digitsOnly('1a2/3', 2)).toBe('12');
  });

  it("Luhn's check", () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });

  it('products in kopecks as the spec prices them', () => {
    expect(PRODUCTS.map((p) => [p.stuff_id, p.price / 100])).toEqual([
      [18, 75],
      [1, 99],
      [2, 229],
      [3, 749],
    ]);
    expect(productOf(18)?.recurring).toBe(true);
    expect(productOf(99)).toBeUndefined();
  });
});
