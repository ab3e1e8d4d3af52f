/** Catalogue section: reactions. Russian texts only; catalogue.ts merges every section. */
export const reactionsMessages = {} as const;

export const reactionsUi = {} as const;
