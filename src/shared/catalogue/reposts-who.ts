/** Catalogue section: the entry page's list of who reposted it (its own file: the list's code loads when shown). */
export const whoRepostedUi = {
  who: 'Сделали репост',
  into: 'в',
  andMore: (n: number) => `и ещё ${n}`,
} as const;
