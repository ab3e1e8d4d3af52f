/**
 * Grammatical gender of a person, for Russian past-tense verbs in what others read about them
 * ('Анна оценила', 'Иван оценил'). People may state it in their settings; otherwise it is read from the name.
 */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Men's first names (and their short forms) that end like women's: -а, -я. */
const MALE_IN_A = new Set([
  'никита', 'илья', 'кузьма', 'фома', 'лука', 'савва', 'данила', 'гаврила', 'фока', 'миша', 'паша', 'леша', 'гоша',
  'дима', 'вова', 'сережа', 'коля', 'толя', 'юра', 'ваня', 'петя', 'вася', 'федя', 'костя', 'слава', 'степа', 'гриша',
  'лева', 'тема', 'боря', 'рома', 'витя', 'валера', 'жора', 'гена', 'сеня', 'тима', 'яша', 'егорка', 'мойша',
  'nikita', 'ilya', 'luca', 'luka', 'andrea', 'joshua', 'misha', 'dima', 'kostya', 'vanya', 'petya', 'sasha', 'vasya',
  'kolya', 'tolya', 'fedya', 'pasha', 'grisha', 'slava', 'yura', 'roma',
]);
/** Names both men and women carry: the surname decides. */
const EITHER = new Set(['саша', 'женя', 'валя', 'шура', 'сима', 'слава']);
const FEMALE_SURNAME = /(ова|ева|ина|ына|ская|цкая|ая)$/;

/** A guess from the name: the first name's ending, then the surname's; men by default. */
export function guessGender(name: string): Gender {
  const words = name.toLowerCase().replace(/ё/g, 'е').split(/[^a-zа-я]+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return 'male';
  const last = rest[rest.length - 1] ?? '';
  if (EITHER.has(first)) return FEMALE_SURNAME.test(last) ? 'female' : 'male';
  if (/[аяa]$/.test(first) && !MALE_IN_A.has(first)) return 'female';
  if (MALE_IN_A.has(first)) return 'male';
  return FEMALE_SURNAME.test(last) ? 'female' : 'male';
}

/** The stated gender when there is one, else the guess. */
export const genderOf = (name: string, stated?: string | null): Gender =>
  stated === 'male' || stated === 'female' ? stated : guessGender(name);

/** The verb form for a person: `past(g, 'оценил', 'оценила')`. */
export const past = (gender: Gender, male: string, female: string) => (gender === 'female' ? female : male);
