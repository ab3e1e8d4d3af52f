import { eventsUi } from './catalogue/events.ts';
import { vacanciesUi } from './catalogue/vacancies.ts';

/**
 * Board items: what people post for staff to publish or reject and that live for a while (vacancies and events). One table of kinds serves what they share: the staff audit log's entries and links, the widget for other
 * sites (`/widget/{widget}/external`).
 */
export const BOARD_KINDS = {
  vacancy: { path: '/job', widget: 'job' },
  event: { path: '/events', widget: 'events' },
} as const;
export type BoardKind = keyof typeof BOARD_KINDS;
export const BOARD_KIND_NAMES = Object.keys(BOARD_KINDS) as BoardKind[];

/** A staff decision on a board item; the audit log's action is `{kind}.{decision}`. */
export type BoardDecision = 'publish' | 'reject' | 'unpublish';

export const isBoardKind = (kind: string): kind is BoardKind => Object.hasOwn(BOARD_KINDS, kind);
export const boardItemUrl = (kind: BoardKind, id: number) => `${BOARD_KINDS[kind].path}/${id}`;

/** The texts of a kind's pages (vacancies at /job, events at /events). */
export const BOARD_UI = { vacancy: vacanciesUi, event: eventsUi } satisfies Record<BoardKind, unknown>;
