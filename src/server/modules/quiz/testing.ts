import { randomAlphanumerics, QUIZ_HASH_LENGTH } from '../../../shared/quiz.ts';

type Json = Record<string, any>;

/** A quiz block as the editor sends it: `n` options, one answer, results after voting unless told otherwise. */
export function quizBlock(n = 3, data: Json = {}) {
  const hash = () => randomAlphanumerics(QUIZ_HASH_LENGTH);
  return {
    type: 'quiz' as const,
    data: {
      hash: hash(),
      title: 'Какой язык учить первым?',
      items: Array.from({ length: n }, (_, i) => ({ hash: hash(), text: `Вариант ${i + 1}` })),
      multiple: false,
      results: 'after',
      ...data,
    },
  };
}
