/** Catalogue section: entries. Russian texts only; catalogue.ts merges every section. */
export const entriesMessages = {} as const;

export const entriesUi = {} as const;
