import type { BlockAPI } from '../editorjs-types.ts';
import { ui } from '../../../../shared/catalogue.ts';
import { ICONS } from './dom.ts';

const t = ui.writing.editor.tools;

/** A yes/no flag of a block in its settings menu, shown on the block as a class (spoiler, cover). */
abstract class FlagTune {
  static get isTune() {
    return true;
  }
  protected on: boolean;
  protected wrapper: HTMLElement | null = null;
  protected abstract readonly key: 'hidden' | 'cover';
  protected abstract readonly title: string;
  protected abstract readonly icon: string;
  protected readonly block: BlockAPI;

  constructor({ data, block }: { data?: { hidden?: boolean; cover?: boolean }; block: BlockAPI }) {
    this.block = block;
    this.on = data?.hidden === true || data?.cover === true;
  }

  wrap(content: HTMLElement): HTMLElement {
    this.wrapper = document.createElement('div');
    this.wrapper.append(content);
    this.paint();
    return this.wrapper;
  }

  protected paint() {
    this.wrapper?.classList.toggle(`ed-flag--${this.key}`, this.on);
  }

  set(on: boolean) {
    this.on = on;
    this.paint();
    this.block.dispatchChange();
  }

  render() {
    return {
      name: this.key,
      icon: this.icon,
      title: this.title,
      toggle: this.key,
      isActive: this.on,
      closeOnActivate: true,
      onActivate: () => this.set(!this.on),
    };
  }

  save() {
    return { [this.key]: this.on };
  }
}

/** `hidden`: the block is shown behind a spoiler. */
export class SpoilerTune extends FlagTune {
  protected readonly key = 'hidden';
  protected readonly title = t.spoiler;
  protected readonly icon = ICONS.spoiler;
}

/** `cover`: the block the feed card shows above the intro; choosing one takes the flag off the previous (the feed shows one). */
export class CoverTune extends FlagTune {
  protected readonly key = 'cover';
  protected readonly title = t.cover;
  protected readonly icon = ICONS.cover;
  /** The cover tunes of this editor (one set per editor, passed as the tune's config). */
  private readonly group: Set<CoverTune>;

  constructor(options: { data?: { cover?: boolean }; block: BlockAPI; config: { group: Set<CoverTune> } }) {
    super(options);
    this.group = options.config.group;
    this.group.add(this);
  }

  set(on: boolean) {
    if (on) for (const other of this.group) if (other !== this && other.on) other.clear();
    super.set(on);
  }

  private clear() {
    this.on = false;
    this.paint();
  }
}
