import { afterAll } from 'vitest';
import { killLeftoverServers } from './harness.ts';

// Registered before the file's own hooks, so it runs after them: whatever the file did not stop goes now.
afterAll(() => killLeftoverServers());
