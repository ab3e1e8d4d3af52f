import { afterAll, afterEach } from 'vitest';
import { killLeftoverServers, releaseSharedServers, takeHydrationErrors } from './harness.ts';

// A page whose server HTML React threw away (hydration error #418) fails the test that opened it, though the page
// then works: the error would otherwise only be a line in the log.
afterEach(() => {
  const met = takeHydrationErrors();
  if (met.length) throw new Error(`hydration failed on ${met.length} page(s):\n${met.join('\n')}`);
});

// Registered before the file's own hooks, so it runs after them: whatever the file did not stop goes now, and a
// shared server's slot is given back.
afterAll(() => {
  killLeftoverServers();
  releaseSharedServers();
});
