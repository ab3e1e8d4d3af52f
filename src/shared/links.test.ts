import { describe, expect, it } from 'vitest';
import { withHttps } from './links.ts';

describe('withHttps (spec/foundation.md §5: a URL without a protocol gets https://)', () => {
  it('puts https:// before a bare address', () => {
    expect(withHttps('example.ru')).toBe('https://example.ru');
    expect(withHttps('  example.ru/path?q=1 ')).toBe('https://example.ru/path?q=1');
    expect(withHttps('t.me/sreda')).toBe('https://t.me/sreda');
    expect(withHttps('//example.ru')).toBe('https://example.ru');
    expect(withHttps('localhost:3000')).toBe('https://localhost:3000');
  });
  it('keeps an address that names its protocol, and an empty field', () => {
    expect(withHttps('https://example.ru')).toBe('https://example.ru');
    expect(withHttps('http://example.ru')).toBe('http://example.ru');
    expect(withHttps('HTTPS://Example.ru')).toBe('HTTPS://Example.ru');
    expect(withHttps('rtmp://live.example.ru/app')).toBe('rtmp://live.example.ru/app');
    expect(withHttps('mailto:hr@example.ru')).toBe('mailto:hr@example.ru');
    expect(withHttps('')).toBe('');
    expect(withHttps('   ')).toBe('');
  });
});
