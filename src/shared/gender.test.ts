import { describe, expect, it } from 'vitest';
import { historyUi } from './catalogue/history.ts';
import { messengerMessages } from './catalogue/messenger.ts';
import { genderOf, guessGender, past } from './gender.ts';

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

describe('past', () => {
  it('takes the person’s form, and both at once when the gender is unknown', () => {
    expect(past('male', 'написал', 'написала')).toBe('написал');
    expect(past('female', 'написал', 'написала')).toBe('написала');
    expect(past(null, 'написал', 'написала')).toBe('написал(а)');
    expect(past(undefined, 'Сохранил', 'Сохранила')).toBe('Сохранил(а)');
  });

  it('speaks so in the messenger’s letters and the entry history', () => {
    expect(messengerMessages.messengerMailSubject('Иван', 'male')).toBe('Иван написал вам на Среде');
    expect(messengerMessages.messengerMailSubject('Анна', 'female')).toBe('Анна написала вам на Среде');
    expect(messengerMessages.messengerMailSubject('Гость', null)).toBe('Гость написал(а) вам на Среде');
    expect(messengerMessages.messengerMailText('Анна', 'female', 'Привет', 'u', 's')).toMatch(
      /^Анна написала вам сообщение/,
    );
    expect(historyUi.by('Иван', 'male')).toBe('Сохранил Иван');
    expect(historyUi.by('Анна', 'female')).toBe('Сохранила Анна');
    expect(historyUi.by('Гость', null)).toBe('Сохранил(а) Гость');
  });
});
