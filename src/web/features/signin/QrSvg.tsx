import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code drawn as one SVG path (uqr makes the matrix; no canvas, crisp at any size). */
export function QrSvg({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { path, n } = useMemo(() => {
    const { data, size: n } = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x} ${y}h1v1h-1z`)));
    return { path: d, n };
  }, [text]);
  return (
    <svg
      className="qr-svg"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
      data-testid="qr-svg"
      data-url={text}
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={path} fill="#111" />
    </svg>
  );
}
