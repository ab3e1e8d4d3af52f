import { afterAll } from 'vitest';
import { killLeftoverServers, releaseSharedServers } from './harness.ts';

// Registered before the file's own hooks, so it runs after them: whatever the file did not stop goes now, and a
// shared server's slot is given back.
afterAll(() => {
  killLeftoverServers();
  releaseSharedServers();
});
