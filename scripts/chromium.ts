import fs from 'node:fs';

/**
 * Debian's Chromium when installed, else the one @sparticuz/chromium ships (`npm test` needs only npm). The shipped
 * one is unpacked to /tmp on first use: the browser tests' global setup asks for it once, before the browser files start side
 * by side (three files unpacking at once spawned a half-written binary: ETXTBSY on a fresh machine).
 */
export async function chromiumExecutable(): Promise<string> {
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
  if (system) return system;
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}
