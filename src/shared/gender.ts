/**
 * Grammatical gender of a person, for Russian past-tense verbs in what others read about them
 * ('Анна оценила', 'Иван оценил'). People may state it in their settings; otherwise it is read from the name.
 */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Men's first names (and their short forms) that end like women's: -а, -я. */
const MALE_IN_A = new Set([
  'никита',
  'илья',
  'кузьма',
  'фома',
  'лука',
  'савва',
  'данила',
  'гаврила',
  'фока',
  'иона',
  'мустафа',
  'хамза',
  'муса',
  'иса',
  'шота',
  'миша',
  'паша',
  'леша',
  'алеша',
  'гоша',
  'дима',
  'вова',
  'володя',
  'сережа',
  'коля',
  'толя',
  'юра',
  'ваня',
  'петя',
  'вася',
  'федя',
  'костя',
  'степа',
  'гриша',
  'лева',
  'тема',
  'боря',
  'рома',
  'витя',
  'валера',
  'жора',
  'гена',
  'сеня',
  'тима',
  'яша',
  'митя',
  'даня',
  'леня',
  'сева',
  'сема',
  'илюша',
  'андрюша',
  'антоша',
  'кеша',
  'гера',
  'nikita',
  'ilya',
  'luca',
  'luka',
  'andrea',
  'joshua',
  'misha',
  'dima',
  'kostya',
  'vanya',
  'petya',
  'vasya',
  'kolya',
  'tolya',
  'fedya',
  'pasha',
  'grisha',
  'yura',
  'roma',
  'mitya',
  'volodya',
]);
/** Women's first names that end like men's. */
const FEMALE_OTHER = new Set([
  'любовь',
  'нинель',
  'рахиль',
  'юдифь',
  'руфь',
  'ассоль',
  'эстер',
  'айгуль',
  'гульнар',
  'мерседес',
  'николь',
  'адель',
  'жизель',
  'изабель',
  'мишель',
]);
/** Names both men and women carry: the surname decides. */
const EITHER = new Set(['саша', 'женя', 'валя', 'шура', 'сима', 'слава', 'саня', 'sasha', 'zhenya']);
const FEMALE_SURNAME = /(ова|ева|ина|ына|ская|цкая)$/;
const MALE_SURNAME = /(ов|ев|ин|ын|ский|цкий|ской)$/;

/**
 * A guess from the name. The first name speaks first: -а/-я for women unless it is one of the men's names that end
 * so (or the surname is a man's, for forms the list lacks), a consonant for men unless it is one of the few women's
 * names that end so; a name both carry, or a lone surname, goes by the surname's ending. Men by default.
 */
export function guessGender(name: string): Gender {
  const words = name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^a-zа-я]+/)
    .filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return 'male';
  const last = rest[rest.length - 1] ?? '';
  if (MALE_IN_A.has(first)) return 'male';
  if (FEMALE_OTHER.has(first)) return 'female';
  if (EITHER.has(first)) return FEMALE_SURNAME.test(last) ? 'female' : 'male';
  if (/[аяa]$/.test(first)) return MALE_SURNAME.test(last) ? 'male' : 'female';
  return 'male';
}

/** The stated gender when there is one, else the guess. */
export const genderOf = (name: string, stated?: string | null): Gender =>
  stated === 'male' || stated === 'female' ? stated : guessGender(name);

/**
 * The verb form for a person: `past(g, 'оценил', 'оценила')`; of someone whose gender is unknown, both at once
 * ('оценил(а)': the man's form with the woman's ending in brackets).
 */
export const past = (gender: Gender | null | undefined, male: string, female: string) =>
  gender ? (gender === 'female' ? female : male) : `${male}(${female.slice(male.length)})`;
