/** When the page last reloaded itself for a missing chunk (sessionStorage, so per tab). */
export const PRELOAD_RELOAD_KEY = 'sreda:chunk-reload';
/** A second failure this soon after such a reload is not a deploy: the error is left to surface, no reload loop. */
const GUARD_MS = 60_000;

/**
 * A lazily loaded chunk that fails to download (a deploy replaced the build the page came with) reloads the page once,
 * which brings the new build. Returns the removal of the handler.
 */
export function installPreloadRecovery(): () => void {
  const onError = (event: Event) => {
    // Offline, a reload would only show the browser's own error page instead of the one being read.
    if (!navigator.onLine) return;
    try {
      const last = Number(sessionStorage.getItem(PRELOAD_RELOAD_KEY)) || 0;
      if (Date.now() - last < GUARD_MS) return;
      sessionStorage.setItem(PRELOAD_RELOAD_KEY, String(Date.now()));
    } catch {
      return; // no storage, no guard: never reload
    }
    event.preventDefault();
    location.reload();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
