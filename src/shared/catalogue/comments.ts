/** Catalogue section: comments. Russian texts only; catalogue.ts merges every section. */
export const commentsMessages = {} as const;

export const commentsUi = {} as const;
