// The Chat Platform Interface checks as tests of your own vitest suite: one test per check.
// Start your implementation first (or in a globalSetup), then `npx vitest run`.
import { defineConformanceSuite } from 'chat-conformance/vitest';

defineConformanceSuite({
  baseUrl: process.env.CHAT_BASE_URL ?? 'http://127.0.0.1:5140/v1',
  token: process.env.CHAT_TOKEN ?? 'reference-self-token',
  // Any run option works here: platform, selfId, peerToken, suites, level, expectedFailures, …
});
