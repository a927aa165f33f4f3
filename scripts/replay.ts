/**
 * Replays one QA journey (tests/fixtures/journeys/*.json) through the onboarding API, headless:
 *   npm run replay -- FILE [--url http://127.0.0.1:3000]
 * Without --url an in-process server on an in-memory database is started. Each step prints its verdict.
 */
import { loadJourney, replayJourney } from './lib/replay-journey';
import { startInProcessServer } from './lib/in-process-server';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--url');
const urlIndex = args.indexOf('--url');
if (!file) {
  console.error('usage: npm run replay -- FILE [--url http://host:port]');
  process.exit(2);
}
if (args.includes('--browser')) {
  console.error('The --browser replay is not built yet: replay headless (without --browser).');
  process.exit(2);
}
const journey = loadJourney(file);
const server = urlIndex >= 0 ? { baseUrl: args[urlIndex + 1].replace(/\/+$/, ''), close: async () => undefined } : await startInProcessServer();
console.log(`Replaying "${journey.name}" against ${server.baseUrl}`);
try {
  const result = await replayJourney(journey, { baseUrl: server.baseUrl, log: (line) => console.log(line) });
  console.log(`${result.ok ? 'PASSED' : 'FAILED'}: ${result.verdicts.length} steps in ${result.ms} ms${result.signupId ? `, signup ${result.signupId}` : ''}`);
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await server.close();
}
