/** Initial-letter avatar on the subsite's colour until uploads arrive; an image when the subsite has one. */
export function Avatar({
  name,
  color,
  url,
  size = 36,
}: {
  name: string;
  color: string;
  url?: string | null;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (url) return <img className="avatar" src={url} alt="" width={size} height={size} style={style} />;
  return (
    <span className="avatar" style={{ ...style, background: color }} aria-hidden>
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
