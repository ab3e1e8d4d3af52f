/** Catalogue section: feed. Russian texts only; catalogue.ts merges every section. */
export const feedMessages = {} as const;

export const feedUi = {} as const;
