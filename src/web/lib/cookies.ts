/** Cookie helper of spec/foundation.md §9: path /, optional expiry in days, the host's parent domain. */
export function setCookie(name: string, value: string, days?: number) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (days !== undefined) parts.push(`expires=${new Date(Date.now() + days * 86400_000).toUTCString()}`);
  const host = location.hostname;
  // Browsers refuse a domain cookie for localhost and bare IPs; those keep a host-only cookie.
  if (host.includes('.') && !/^[\d.]+$/.test(host)) parts.push(`domain=.${host}`);
  document.cookie = parts.join('; ');
}

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}
