import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messages } from './catalogue.ts';
import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  emailField,
  loginBody,
  nameField,
  passwordField,
  plainBody,
  recoverDoBody,
  recoverRequestBody,
  registerBody,
} from './validation.ts';

/** Every fixed text of the catalogue; the templated ones are matched by pattern below. */
const fixedMessages = new Set<string>(
  (Object.values(messages) as unknown[]).filter((m): m is string => typeof m === 'string'),
);
const templated = [
  /^Неизвестное поле: .+$/, // messages.unknownField
  /^Слишком длинное значение, максимум \d+$/, // messages.tooLong
];
const isCatalogueMessage = (m: string) => fixedMessages.has(m) || templated.some((re) => re.test(m));

/** The messages of a refused value; fails the test when the value was accepted. */
function refusal(schema: z.ZodType, input: unknown): string[] {
  const r = schema.safeParse(input);
  expect(r.success, `expected ${JSON.stringify(input)?.slice(0, 80)} to be refused`).toBe(false);
  return r.error!.issues.map((i) => i.message);
}

/** The first message, the one the server answers with. */
const firstMessage = (schema: z.ZodType, input: unknown) => refusal(schema, input)[0];

const accepted = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  expect(r.success, `expected ${JSON.stringify(input)?.slice(0, 80)} to be accepted: ${r.error?.message}`).toBe(true);
  return r.data;
};

describe('emailField', () => {
  it.each([
    ['a@b.ru', 'a@b.ru'],
    ['  Anna@Example.ru \t', 'Anna@Example.ru'],
    ['first.last+tag@sub.example.com', 'first.last+tag@sub.example.com'],
    ['иван@почта.рф', 'иван@почта.рф'],
    ['a@b.c', 'a@b.c'],
  ])('accepts %j as %j', (input, out) => {
    expect(accepted(emailField, input)).toBe(out);
  });

  it.each(['a@b', 'ab.ru', 'a b@c.ru', 'a@b c.ru', '@b.ru', 'a@.ru', 'a@b.', 'a@@b.ru', 'a@b@c.ru'])(
    'refuses %j as malformed',
    (input) => {
      expect(firstMessage(emailField, input)).toBe(messages.emailInvalid);
    },
  );

  it.each(['', '   ', '\n\t'])('asks for an email when given %j', (input) => {
    expect(firstMessage(emailField, input)).toBe(messages.emailRequired);
  });

  it('asks for an email when it is missing, and calls other types wrong', () => {
    expect(firstMessage(emailField, undefined)).toBe(messages.emailRequired);
    for (const v of [null, 5, true, ['a@b.ru'], { a: 1 }]) expect(firstMessage(emailField, v)).toBe(messages.wrongType);
  });

  it(`allows ${EMAIL_MAX} characters after trimming and no more`, () => {
    const max = `${'a'.repeat(EMAIL_MAX - 5)}@b.ru`;
    expect(max).toHaveLength(EMAIL_MAX);
    expect(accepted(emailField, `  ${max}  `)).toBe(max);
    expect(firstMessage(emailField, `a${max}`)).toBe(messages.emailInvalid);
  });
});

describe('nameField', () => {
  it.each([
    ['Иван', 'Иван'],
    ['  Анна   Смирнова  ', 'Анна Смирнова'],
    ['Пётр\t\n Ёлкин', 'Пётр Ёлкин'],
    ["John O'Brien-Smith (Jr.)", "John O'Brien-Smith (Jr.)"],
    ['Кот_42, «Борис»!?', 'Кот_42, «Борис»!?'],
    ['Ян', 'Ян'],
    ['R2', 'R2'],
  ])('accepts %j as %j', (input, out) => {
    expect(accepted(nameField, input)).toBe(out);
  });

  it(`needs ${NAME_MIN} characters after collapsing whitespace`, () => {
    expect(firstMessage(nameField, 'Я')).toBe(messages.nameTooShort);
    expect(firstMessage(nameField, '   Я   ')).toBe(messages.nameTooShort);
  });

  it(`allows ${NAME_MAX} characters after collapsing whitespace and no more`, () => {
    expect(accepted(nameField, 'Я'.repeat(NAME_MAX))).toHaveLength(NAME_MAX);
    expect(accepted(nameField, `  ${'я '.repeat(25)}     `)).toHaveLength(49);
    expect(accepted(nameField, `Ян${' '.repeat(200)}Ли`)).toBe('Ян Ли');
    expect(firstMessage(nameField, 'Я'.repeat(NAME_MAX + 1))).toBe(messages.nameTooLong);
  });

  it.each(['', '   ', '\n'])('asks for a name when given %j', (input) => {
    expect(firstMessage(nameField, input)).toBe(messages.nameRequired);
  });

  it('asks for a name when it is missing, and calls other types wrong', () => {
    expect(firstMessage(nameField, undefined)).toBe(messages.nameRequired);
    for (const v of [null, 42, false, ['Иван'], {}]) expect(firstMessage(nameField, v)).toBe(messages.wrongType);
  });

  it.each([
    '<script>alert(1)</script>',
    'Иван <b>',
    'a > b',
    'Иван 😀',
    '👍👍',
    'Zoë',
    'Иван@Петров',
    'Иван/Петров',
    'Иван;drop table',
    'Иван\u200bПетров',
    'Иван\u0000',
  ])('refuses the characters in %j', (input) => {
    expect(firstMessage(nameField, input)).toBe(messages.nameInvalid);
  });
});

describe('passwordField', () => {
  it(`needs ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`, () => {
    expect(firstMessage(passwordField, 'x'.repeat(PASSWORD_MIN - 1))).toBe(messages.passwordTooShort);
    expect(accepted(passwordField, 'x'.repeat(PASSWORD_MIN))).toBe('x'.repeat(PASSWORD_MIN));
    expect(accepted(passwordField, 'пароль12')).toBe('пароль12');
    expect(accepted(passwordField, 'x'.repeat(PASSWORD_MAX))).toHaveLength(PASSWORD_MAX);
    expect(firstMessage(passwordField, 'x'.repeat(PASSWORD_MAX + 1))).toBe(messages.passwordTooLong);
  });

  it('keeps the password exactly as typed, spaces included', () => {
    expect(accepted(passwordField, '  correct horse  ')).toBe('  correct horse  ');
  });

  it('asks for a password when it is empty or missing, and calls other types wrong', () => {
    expect(firstMessage(passwordField, '')).toBe(messages.passwordRequired);
    expect(firstMessage(passwordField, ' '.repeat(PASSWORD_MIN))).toBe(messages.passwordRequired);
    expect(firstMessage(passwordField, '\t \n'.repeat(PASSWORD_MIN))).toBe(messages.passwordRequired);
    expect(firstMessage(passwordField, undefined)).toBe(messages.passwordRequired);
    for (const v of [null, 12345678, ['password1']]) expect(firstMessage(passwordField, v)).toBe(messages.wrongType);
  });
});

describe('registerBody', () => {
  const good = { name: '  Анна  Смирнова ', email: ' anna@example.ru ', password: 'password123' };

  it('accepts the three fields and `mode`, normalised', () => {
    expect(accepted(registerBody, { values: good, mode: 'raw' })).toEqual({
      values: { name: 'Анна Смирнова', email: 'anna@example.ru', password: 'password123' },
      mode: 'raw',
    });
  });

  it('refuses an unknown field inside values and names it', () => {
    const r = registerBody.safeParse({ values: { ...good, role: 'superuser' } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      path: ['values'],
      message: messages.unknownField('role'),
    });
  });

  it('refuses an unknown field at the top and names it', () => {
    const r = registerBody.safeParse({ values: good, is_admin: 1 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      path: [],
      message: messages.unknownField('is_admin'),
    });
  });

  it('reports each missing field with its own message', () => {
    const r = registerBody.safeParse({ values: {} });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      'values.name': messages.nameRequired,
      'values.email': messages.emailRequired,
      'values.password': messages.passwordRequired,
    });
  });

  it('asks for the values object when it is missing or not an object', () => {
    for (const body of [{}, { values: 'x' }, { values: null }, { values: [good] }]) {
      expect(firstMessage(registerBody, body)).toBe(messages.fieldRequired);
    }
    for (const body of ['x', null, 5, []]) expect(firstMessage(registerBody, body)).toBe(messages.badRequest);
  });

  it('refuses a `mode` that is not a short string', () => {
    expect(firstMessage(registerBody, { values: good, mode: 5 })).toBe(messages.wrongType);
    expect(firstMessage(registerBody, { values: good, mode: 'x'.repeat(17) })).toBe(messages.tooLong(16));
  });
});

describe('every error message is Russian and from the catalogue', () => {
  const cases: [string, z.ZodType, unknown][] = [
    ['email undefined', emailField, undefined],
    ['email number', emailField, 1],
    ['email empty', emailField, ''],
    ['email bad', emailField, 'nope'],
    ['email long', emailField, `${'a'.repeat(300)}@b.ru`],
    ['name undefined', nameField, undefined],
    ['name object', nameField, {}],
    ['name empty', nameField, ''],
    ['name short', nameField, 'Я'],
    ['name long', nameField, 'Я'.repeat(100)],
    ['name markup', nameField, '<i>'],
    ['name emoji', nameField, '🙂🙂'],
    ['password undefined', passwordField, undefined],
    ['password empty', passwordField, ''],
    ['password short', passwordField, 'short'],
    ['password long', passwordField, 'p'.repeat(500)],
    ['password number', passwordField, 123456789],
    ['register nothing', registerBody, undefined],
    ['register string', registerBody, 'x'],
    ['register empty', registerBody, {}],
    ['register empty values', registerBody, { values: {} }],
    ['register all wrong', registerBody, { values: { name: 1, email: [], password: null }, mode: {} }],
    ['register extras', registerBody, { values: { name: 'Иван', email: 'a@b.ru', password: 'password1', x: 1 }, y: 2 }],
    ['login long password', loginBody, { values: { email: 'a@b.ru', password: 'p'.repeat(201) } }],
    ['login empty', loginBody, { values: { email: '', password: '' } }],
    ['recover request', recoverRequestBody, { values: { email: 'x' } }],
    ['recover do token', recoverDoBody, { values: { token: '../etc', password: 'password1' } }],
    ['recover do no token', recoverDoBody, { values: { password: 'password1' } }],
    ['plain body extras', plainBody({}), { a: 1 }],
    ['plain body not object', plainBody({}), 'x'],
  ];

  it.each(cases)('%s', (_label, schema, input) => {
    const msgs = refusal(schema, input);
    expect(msgs.length).toBeGreaterThan(0);
    for (const m of msgs) {
      expect(m).toMatch(/[А-Яа-яЁё]/);
      expect(m).not.toMatch(/Invalid|expected|received|Unrecognized|Too (big|small)/i);
      expect(isCatalogueMessage(m), `"${m}" is not a catalogue message`).toBe(true);
    }
  });
});
