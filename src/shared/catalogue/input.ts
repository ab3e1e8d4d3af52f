/** The limited input's counter and the unsaved-input question's buttons (spec/content.md §5). */
export const inputUi = {
  leave: 'Уйти',
  stay: 'Остаться',
  charsLeft: (n: number) => `Осталось символов: ${n}`,
} as const;
