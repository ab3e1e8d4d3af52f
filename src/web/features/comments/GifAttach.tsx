import { commentsUi as L } from '../../../shared/catalogue/comments.ts';
import type { MediaImage } from '../../../shared/media.ts';
import { LazyGifVideo } from './LazyGifVideo.tsx';

/** «GIF» in the comment form: opens the attach-gif modal (its code loads on the first press). */
export function GifButton({ onPick, disabled }: { onPick(gif: MediaImage): void; disabled: boolean }) {
  const open = async () => {
    const { pickGif } = await import('./AttachGif.tsx');
    const gif = await pickGif();
    if (gif) onPick(gif);
  };
  return (
    <button
      type="button"
      className="comment-form__gif"
      aria-label={L.gifAdd}
      title={L.gifAdd}
      disabled={disabled}
      onClick={() => void open()}
      data-testid="comment-gif"
    >
      {L.gif}
    </button>
  );
}

/** The gif the comment will carry, above the form's buttons, with a way to take it off. */
export function AttachedGif({ gif, onRemove }: { gif: MediaImage; onRemove(): void }) {
  return (
    <div className="comment-form__attached" data-testid="comment-form-gif">
      <LazyGifVideo gif={gif} />
      <button
        type="button"
        className="comment-form__gif-remove"
        aria-label={L.gifRemove}
        title={L.gifRemove}
        onClick={onRemove}
        data-testid="comment-form-gif-remove"
      >
        ×
      </button>
    </div>
  );
}
