import { afterEach, describe, expect, it } from 'vitest';
import { parseBrackets, toBracketPairs, toQueryString } from './brackets.ts';

/** Parses a query string the way the server does (URLSearchParams, then brackets). */
const qs = (s: string) => parseBrackets(new URLSearchParams(s));
const roundTrip = (v: unknown) => parseBrackets(new URLSearchParams(toQueryString(v)));

describe('parseBrackets', () => {
  it('reads plain keys as strings', () => {
    expect(qs('a=1&b=two')).toEqual({ a: '1', b: 'two' });
  });

  it('nests `values[email]` into an object', () => {
    expect(qs('values[email]=a%40b.ru&values[name]=Иван&mode=raw')).toEqual({
      values: { email: 'a@b.ru', name: 'Иван' },
      mode: 'raw',
    });
  });

  it('nests several levels', () => {
    expect(qs('a[b][c]=1&a[b][d]=2&a[e]=3')).toEqual({ a: { b: { c: '1', d: '2' }, e: '3' } });
  });

  it('appends `urls[]` to an array in order', () => {
    expect(qs('urls[]=https%3A%2F%2Fa.ru&urls[]=https%3A%2F%2Fb.ru')).toEqual({
      urls: ['https://a.ru', 'https://b.ru'],
    });
    expect(qs('urls[]=only')).toEqual({ urls: ['only'] });
  });

  it('reads `urls[0]` as an array index, in index order', () => {
    expect(qs('urls[0]=a&urls[1]=b')).toEqual({ urls: ['a', 'b'] });
    expect(qs('urls[1]=second&urls[0]=first')).toEqual({ urls: ['first', 'second'] });
    expect(Array.isArray(qs('urls[0]=a').urls)).toBe(true);
  });

  it('reads sparse indices as object keys (ids keyed by number), contiguous ones as a list', () => {
    expect(qs('a[3]=x&a[7]=y')).toEqual({ a: { '3': 'x', '7': 'y' } });
    expect(qs('settings[12]=1&settings[40]=0')).toEqual({ settings: { '12': '1', '40': '0' } });
    expect(qs('a[1]=x&a[0]=y')).toEqual({ a: ['y', 'x'] });
  });

  it('keeps huge, negative, fractional or zero-padded indices as object keys', () => {
    expect(qs('a[99999999999]=x')).toEqual({ a: { '99999999999': 'x' } });
    expect(qs('a[-1]=x')).toEqual({ a: { '-1': 'x' } });
    expect(qs('a[1.5]=x')).toEqual({ a: { '1.5': 'x' } });
    expect(qs('a[01]=x')).toEqual({ a: { '01': 'x' } });
  });

  it('keeps the fields of one indexed item together', () => {
    expect(qs('blocks[0][type]=text&blocks[0][text]=Привет&blocks[1][type]=image')).toEqual({
      blocks: [{ type: 'text', text: 'Привет' }, { type: 'image' }],
    });
  });

  it('gives every `a[][b]` its own object', () => {
    expect(qs('a[][b]=1&a[][b]=2')).toEqual({ a: [{ b: '1' }, { b: '2' }] });
  });

  it('collects a repeated key into an array', () => {
    expect(qs('tag=a&tag=b&tag=c')).toEqual({ tag: ['a', 'b', 'c'] });
    expect(qs('x[y]=1&x[y]=2')).toEqual({ x: { y: ['1', '2'] } });
    expect(qs('x[]=1&x=2')).toEqual({ x: ['1', '2'] });
  });

  it('does not let a later plain value overwrite an object', () => {
    expect(qs('x[a]=2&x=1')).toEqual({ x: { a: '2' } });
  });

  it('ignores a named key pushed into an array and `[]` on an object', () => {
    expect(qs('a[]=1&a[name]=2')).toEqual({ a: ['1'] });
    expect(qs('a[x]=1&a[]=2')).toEqual({ a: { x: '1' } });
  });

  it('accepts five levels of brackets and keeps a deeper key literal', () => {
    expect(qs('a[b][c][d][e][f]=1')).toEqual({ a: { b: { c: { d: { e: { f: '1' } } } } } });
    expect(qs('a[b][c][d][e][f][g]=1')).toEqual({ 'a[b][c][d][e][f][g]': '1' });
  });

  it('survives a very deep key without recursion trouble', () => {
    const key = `a${'[x]'.repeat(10_000)}`;
    const out = parseBrackets([[key, 'v']]);
    expect(out).toEqual({ [key]: 'v' });
  });

  describe('prototype pollution', () => {
    afterEach(() => {
      delete (Object.prototype as Record<string, unknown>).polluted;
    });

    it.each([
      '__proto__[polluted]=yes',
      'a[__proto__][polluted]=yes',
      'constructor[prototype][polluted]=yes',
      'a[constructor][prototype][polluted]=yes',
      'a[b][__proto__][polluted]=yes',
      '__proto__=yes',
      'a[][__proto__][polluted]=yes',
      'a[0][__proto__][polluted]=yes',
    ])('drops %s and pollutes nothing', (s) => {
      const out = qs(`${s}&ok=1`);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
      expect(out).toEqual({ ok: '1' });
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    });

    it.each(['constructor', 'prototype', '__proto__'])('drops the key `%s` at any depth', (k) => {
      expect(qs(`${k}=1&a[${k}]=2&a[b][${k}]=3&keep=1`)).toEqual({ keep: '1' });
    });

    it('returns plain objects that behave like ordinary ones', () => {
      const out = qs('a[b]=1') as { a: { b: string } };
      expect(Object.getPrototypeOf(out.a)).toBe(Object.prototype);
      expect(typeof out.a.hasOwnProperty).toBe('function');
      expect(`${out.a}`).toBe('[object Object]');
    });
  });

  it.each([
    ['a[b', { 'a[b': '1' }],
    ['a]', { 'a]': '1' }],
    ['[x]', { '[x]': '1' }],
    ['[]', { '[]': '1' }],
    ['a[b]c', { 'a[b]c': '1' }],
    ['a[b]]', { 'a[b]]': '1' }],
    ['a[[b]]', { 'a[[b]]': '1' }],
    ['a[b][c', { 'a[b][c': '1' }],
  ])('keeps the malformed key %s literal', (key, expected) => {
    expect(parseBrackets([[key, '1']])).toEqual(expected);
  });

  it('drops an empty key and keeps empty values', () => {
    expect(qs('=1&a=&b&c[]=&d[e]=')).toEqual({ a: '', b: '', c: [''], d: { e: '' } });
  });

  it('keeps unicode keys and values', () => {
    expect(qs('имя[ключ]=значение&emoji=%F0%9F%98%80&ё=Ёж')).toEqual({
      имя: { ключ: 'значение' },
      emoji: '😀',
      ё: 'Ёж',
    });
  });

  it('accepts any iterable of pairs, and the same input twice gives equal results', () => {
    const pairs: [string, string][] = [
      ['a[b]', '1'],
      ['c[]', '2'],
    ];
    expect(parseBrackets(pairs)).toEqual(parseBrackets(new Map(pairs)));
    expect(parseBrackets([])).toEqual({});
  });
});

describe('toBracketPairs', () => {
  it('flattens nested objects into bracket keys', () => {
    expect(toBracketPairs({ values: { email: 'a@b.ru', name: 'Иван' }, mode: 'raw' })).toEqual([
      ['values[email]', 'a@b.ru'],
      ['values[name]', 'Иван'],
      ['mode', 'raw'],
    ]);
  });

  it('writes scalars in arrays as `key[]` and objects in arrays with their index', () => {
    expect(toBracketPairs({ urls: ['a', 'b'] })).toEqual([
      ['urls[]', 'a'],
      ['urls[]', 'b'],
    ]);
    expect(toBracketPairs({ blocks: [{ type: 'text', n: 1 }, { type: 'image' }] })).toEqual([
      ['blocks[0][type]', 'text'],
      ['blocks[0][n]', '1'],
      ['blocks[1][type]', 'image'],
    ]);
  });

  it('turns booleans into 1/0 and numbers into strings', () => {
    expect(toBracketPairs({ t: true, f: false, n: 0, x: -1.5 })).toEqual([
      ['t', '1'],
      ['f', '0'],
      ['n', '0'],
      ['x', '-1.5'],
    ]);
  });

  it('skips undefined and null at any depth, and keeps empty strings', () => {
    expect(toBracketPairs({ a: undefined, b: null, c: { d: null, e: '' }, f: [null, 'x', undefined] })).toEqual([
      ['c[e]', ''],
      ['f[]', 'x'],
    ]);
    expect(toBracketPairs(undefined)).toEqual([]);
    expect(toBracketPairs(null)).toEqual([]);
  });

  it('skips files', () => {
    expect(toBracketPairs({ name: 'x', file: new Blob(['data']) })).toEqual([['name', 'x']]);
  });

  it('starts under a prefix when given one', () => {
    expect(toBracketPairs({ email: 'a@b.ru' }, 'values')).toEqual([['values[email]', 'a@b.ru']]);
  });
});

describe('toQueryString', () => {
  it('percent-encodes brackets and unicode', () => {
    expect(toQueryString({ values: { name: 'Иван Петров' } })).toBe(
      'values%5Bname%5D=%D0%98%D0%B2%D0%B0%D0%BD+%D0%9F%D0%B5%D1%82%D1%80%D0%BE%D0%B2',
    );
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ a: null, b: undefined })).toBe('');
  });

  it('round-trips nested objects, with booleans as 1/0 and numbers as strings', () => {
    const value = {
      mode: 'raw',
      values: { email: 'a+b@example.ru', name: 'Анна & Co = «Среда»', age: 42, agree: true, spam: false },
      filter: { sort: { by: 'date', desc: true } },
      empty: '',
      gone: undefined,
      nothing: null,
    };
    expect(roundTrip(value)).toEqual({
      mode: 'raw',
      values: { email: 'a+b@example.ru', name: 'Анна & Co = «Среда»', age: '42', agree: '1', spam: '0' },
      filter: { sort: { by: 'date', desc: '1' } },
      empty: '',
    });
  });

  it('round-trips arrays of scalars, of objects and of arrays', () => {
    const value = {
      ids: [3, 1, 2],
      blocks: [
        { type: 'text', data: { text: 'Привет', hidden: false } },
        { type: 'list', data: { items: ['раз', 'два'] } },
      ],
      grid: [['a', 'b'], ['c']],
    };
    expect(roundTrip(value)).toEqual({
      ids: ['3', '1', '2'],
      blocks: [
        { type: 'text', data: { text: 'Привет', hidden: '0' } },
        { type: 'list', data: { items: ['раз', 'два'] } },
      ],
      grid: [['a', 'b'], ['c']],
    });
  });

  it('round-trips an array with null holes as a closed-up array', () => {
    expect(roundTrip({ a: [null, { b: 1 }, 2] })).toEqual({ a: [{ b: '1' }, '2'] });
  });

  it('round-trips unicode keys', () => {
    expect(roundTrip({ поле: { ключ: 'значение 😀' } })).toEqual({ поле: { ключ: 'значение 😀' } });
  });
});
