import { describe, expect, it } from 'vitest';
import { genderOf, guessGender } from './gender.ts';

describe('guessGender', () => {
  it('reads Russian first names, with the men whose names end in -а/-я', () => {
    for (const name of ['Анна Светлова', 'Мария', 'Юлия Ким', 'Ксения Собчак', 'anna smith'])
      expect(guessGender(name), name).toBe('female');
    for (const name of [
      'Иван Петров',
      'Никита Михалков',
      'Илья Ильф',
      'Борис',
      'Пётр Ильич',
      'Лёва Задов',
      'Фома',
      'Алёша',
      'Митя',
      'Володя Иванов',
      'Андрюша',
    ]) {
      expect(guessGender(name), name).toBe('male');
    }
  });

  it('lets the surname decide names both carry, and knows the women’s names that end like men’s', () => {
    expect(guessGender('Саша Петрова')).toBe('female');
    expect(guessGender('Саша Петров')).toBe('male');
    expect(guessGender('Женя')).toBe('male');
    expect(guessGender('Любовь Орлова')).toBe('female');
    expect(guessGender('Нинель')).toBe('female');
    expect(guessGender('Любовь')).toBe('female');
    // A man's surname for a form of a man's name the list lacks; a noun surname does not outweigh a man's first name.
    expect(guessGender('Вадя Смирнов')).toBe('male');
    expect(guessGender('Игорь Долина')).toBe('male');
    expect(guessGender('Олег Калина')).toBe('male');
  });

  it('takes nicknames and empty names as men by default', () => {
    expect(guessGender('')).toBe('male');
    expect(guessGender('vasya_pupkin')).toBe('male');
    expect(guessGender('123')).toBe('male');
  });
});

describe('genderOf', () => {
  it('prefers what the person stated', () => {
    expect(genderOf('Никита', 'female')).toBe('female');
    expect(genderOf('Анна', 'male')).toBe('male');
    expect(genderOf('Анна', null)).toBe('female');
    expect(genderOf('Анна', 'other')).toBe('female');
  });
});
