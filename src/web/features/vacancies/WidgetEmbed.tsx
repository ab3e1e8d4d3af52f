import { useState } from 'react';
import type { TownData } from '../../../shared/api/vacancies.ts';
import { BOARD_KINDS, type BoardKind } from '../../../shared/board.ts';
import { eventsUi } from '../../../shared/catalogue/events.ts';
import { vacanciesUi } from '../../../shared/catalogue/vacancies.ts';
import { EmbedCode, iframeSnippet } from '../../ui/EmbedCode.tsx';
import { TownField } from './TownField.tsx';

/** Each board's texts of the embed code. */
const TEXTS = { vacancy: vacanciesUi, event: eventsUi } satisfies Record<BoardKind, unknown>;

/** The frame's size in the snippet: the column widget's width, five cards high. */
const FRAME = { width: 320, height: 520 };

/** The code another site pastes to show a board's widget (`/widget/{widget}/external?location=`): an iframe. */
export function embedSnippet(publicUrl: string, kind: BoardKind, town: TownData | null): string {
  const src = `${publicUrl}/widget/${BOARD_KINDS[kind].widget}/external${town ? `?location=${town.id}` : ''}`;
  return iframeSnippet(src, TEXTS[kind].embedFrameTitle, FRAME);
}

/**
 * A company blog's settings: the town to show and the code to paste, selected on focus; one per board
 * (`widget-embed-job`, `widget-embed-events`).
 */
export function WidgetEmbed({ publicUrl, kind }: { publicUrl: string; kind: BoardKind }) {
  const [town, setTown] = useState<TownData | null>(null);
  const t = TEXTS[kind];
  return (
    <EmbedCode
      testId={`widget-embed-${BOARD_KINDS[kind].widget}`}
      title={t.embedTitle}
      lead={t.embedLead}
      label={t.embedCode}
      code={embedSnippet(publicUrl, kind, town)}
    >
      <TownField value={town} onChange={setTown} label={t.embedTown} testId="widget-embed-town" />
    </EmbedCode>
  );
}
