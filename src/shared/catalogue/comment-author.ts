/**
 * Catalogue section: the comment author switch (spec/foundation.md §1), apart from the comments' own texts: only the
 * managers of a community or company load it, so the entry page's scripts do not carry it for every reader.
 */
export const commentAuthorUi = {
  label: 'От чьего имени',
  asMyself: 'От себя',
} as const;
