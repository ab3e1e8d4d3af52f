/** The shell's right column's widgets (web/features/layout/PopularWidget.tsx): loaded with them, not with the shell. */
export const columnUi = {
  popular: 'Популярное',
  popularEmpty: 'Пока ничего не набрало популярности',
  comments: ['комментарий', 'комментария', 'комментариев'] as const,
} as const;
