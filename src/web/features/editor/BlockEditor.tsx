import { useEffect, useRef, useState } from 'react';
import type { Block } from '../../../shared/blocks.ts';
import { ui } from '../../../shared/catalogue.ts';
import { toBlocks, toEditorData } from './convert.ts';
import type { EditorHandle } from './editorjs.ts';
import { HashtagSuggest } from '../discovery/HashtagSuggest.tsx';

/**
 * The entry body in Editor.js. The editor module is imported on mount, so the server render and the main bundle
 * stay without it; `onChange` receives our block list after every edit.
 */
export interface BlockEditorApi {
  /** The blocks as the editor holds them this moment (change reports lag a frame behind). */
  read(): Promise<Block[]>;
  /** The caret into the first block (Enter in the title). */
  focus(): void;
}

export function BlockEditor({
  initial,
  onChange,
  apiRef,
  only,
}: {
  initial: Block[];
  onChange(blocks: Block[]): void;
  apiRef: { current: BlockEditorApi | null };
  /** Editor.js tool names to offer instead of the entry's full set. */
  only?: readonly string[];
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The editor owns its content after the start; later `initial` values are not pushed back in.
  const start = useRef(initial);

  useEffect(() => {
    let handle: EditorHandle | null = null;
    let cancelled = false;
    // Changes come per keystroke; reading Editor.js's data once per 120 ms is enough.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      pending ??= setTimeout(async () => {
        pending = undefined;
        if (handle && !cancelled) onChangeRef.current(toBlocks(await handle.save()));
      }, 120);
    };
    void import('./editorjs.ts').then(async ({ createEditor }) => {
      if (cancelled || !holder.current) return;
      const created = await createEditor(holder.current, toEditorData(start.current), changed, only);
      if (cancelled) return created.destroy();
      handle = created;
      apiRef.current = { read: async () => toBlocks(await created.save()), focus: () => created.focus() };
      setReady(true);
    });
    return () => {
      cancelled = true;
      clearTimeout(pending);
      apiRef.current = null;
      handle?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editor is made once per mount; apiRef is a ref object
  }, []);

  return (
    <div className="ed-blocks" data-testid="editor-blocks" data-ready={ready ? '1' : undefined}>
      {!ready && <p className="ed-blocks__loading">{ui.writing.editor.loading}</p>}
      <div ref={holder} className="ed-blocks__holder" />
      <HashtagSuggest root={holder} />
    </div>
  );
}
