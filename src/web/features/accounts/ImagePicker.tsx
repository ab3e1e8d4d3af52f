import { useRef, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import type { upload } from '../../../shared/api/media.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';

const t = ui.accounts;

/** Draws the chosen part of the picture (zoom 1…3, offset in the frame) and gives it back as a PNG. */
async function cropped(img: HTMLImageElement, aspect: number, zoom: number, x: number, y: number): Promise<Blob> {
  const outW = aspect >= 1 ? 1200 : 600;
  // The largest frame of this aspect inside the picture, shrunk by the zoom, moved by x/y (0…1).
  const baseW = Math.min(img.naturalWidth, img.naturalHeight * aspect);
  const w = baseW / zoom;
  const h = w / aspect;
  const sx = (img.naturalWidth - w) * x;
  const sy = (img.naturalHeight - h) * y;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.min(outW, Math.round(w)));
  canvas.height = Math.round(canvas.width / aspect);
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('canvas'));
  context.drawImage(img, sx, sy, w, h, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas'))), 'image/png'),
  );
}

function Cropper({
  src,
  aspect,
  round,
  onDone,
}: {
  src: string;
  aspect: number;
  round: boolean;
  onDone(url: string | null): void;
}) {
  const img = useRef<HTMLImageElement>(null);
  const [zoom, setZoom] = useState(1);
  const [pos, setPos] = useState({ x: 0.5, y: 0.5 });
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ x: number; y: number; px: number; py: number } | null>(null);

  async function save() {
    if (!img.current) return;
    setBusy(true);
    const blob = await cropped(img.current, aspect, zoom, pos.x, pos.y);
    const res = await call<typeof upload>(
      'POST /andropov/upload',
      { file: [new File([blob], 'crop.png', { type: 'image/png' })] },
      { format: 'multipart' },
    );
    setBusy(false);
    const item = res.ok ? res.data.result[0] : null;
    if (item?.type === 'error') toast.show(item.data.message, { type: 'error' });
    if (item?.type === 'image') onDone(`/media/${item.data.uuid}/`);
  }

  // The frame shows the picture as `object-fit: cover` scaled by the zoom, moved by the position.
  const style = {
    transform: `scale(${zoom})`,
    objectPosition: `${pos.x * 100}% ${pos.y * 100}%`,
    transformOrigin: `${pos.x * 100}% ${pos.y * 100}%`,
  };
  return (
    <div className="cropper" data-testid="cropper">
      <div
        className={`cropper__frame${round ? ' is-round' : ''}`}
        style={{ aspectRatio: String(aspect) }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, y: e.clientY, px: pos.x, py: pos.y };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          const r = e.currentTarget.getBoundingClientRect();
          const clamp = (v: number) => Math.min(1, Math.max(0, v));
          setPos({ x: clamp(d.px - (e.clientX - d.x) / r.width), y: clamp(d.py - (e.clientY - d.y) / r.height) });
        }}
        onPointerUp={() => (drag.current = null)}
      >
        <img ref={img} src={src} alt="" style={style} draggable={false} />
      </div>
      <label className="cropper__zoom">
        <span>Масштаб</span>
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
        />
      </label>
      <div className="cropper__actions">
        <button type="button" className="btn btn-primary" onClick={save} disabled={busy} data-testid="cropper-save">
          {t.save}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(null)} disabled={busy}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}

/** A picture field: choose a file, frame it (drag and zoom), upload the framed part, hand back its address. */
export function ImagePicker({
  label,
  kind,
  url,
  onChange,
  testId,
  aspect: askedAspect,
}: {
  label: string;
  kind: 'avatar' | 'cover';
  /** The frame's width to height; by default 1 for an avatar, 3 for a cover. */
  aspect?: number;
  url: string | null;
  onChange(url: string | null): void;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const aspect = askedAspect ?? (kind === 'avatar' ? 1 : 3);
  function choose(file: File | undefined) {
    if (!file) return;
    // The picture's address lives as long as the popup (revoked when it closes, however it closes).
    const src = URL.createObjectURL(file);
    popup.open({
      kind: 'crop',
      size: 'medium',
      title: label,
      onClose: () => URL.revokeObjectURL(src),
      render: (p) => (
        <Cropper
          src={src}
          aspect={aspect}
          round={kind === 'avatar'}
          onDone={(next) => {
            p.close();
            if (next) onChange(next);
          }}
        />
      ),
    });
    if (input.current) input.current.value = '';
  }
  return (
    <div className={`image-picker image-picker--${kind}`} data-testid={testId}>
      <div className="image-picker__preview" style={{ aspectRatio: String(aspect) }}>
        {url ? <img src={url} alt="" /> : null}
      </div>
      <div className="image-picker__actions">
        <span className="account-field__label">{label}</span>
        <label className="btn btn-secondary btn-small">
          {t.upload}
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </label>
        {url ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange(null)}>
            Убрать
          </button>
        ) : null}
      </div>
    </div>
  );
}
