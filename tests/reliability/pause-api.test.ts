// Fault drill: SIGSTOP the API under load so clients time out, then SIGCONT and retry with the same
// idempotency keys while the API works through the requests it had already received: each transfer
// happens exactly once (SECURITY.md I4, I5).
import {
  drillStage,
  expectAckedExactlyOnce,
  expectBooksBalanced,
  expectExactlyTheClientsTransfers,
  openDrill,
  readBooks,
  retryUnknown,
  sendTransfer,
  serverIsRunning,
  sleep,
  startLoad,
  summary,
  transferPlanner,
  waitFor,
} from './drill-kit';

describe('fault drill: SIGSTOP the API so clients time out, then retry after SIGCONT', () => {
  const stage = drillStage();

  it('transfers the clients gave up on happen exactly once, whether the retry or the original lands first', async () => {
    const db = stage.db;
    const { api, marcus, grace, opening, book } = await openDrill(stage);
    // Clients give up after 1.5 s, as a browser or a mobile network would.
    const load = startLoad({ baseUrl: api.url, plan: transferPlanner(marcus, grace, 99), book, workers: 6, maxRequests: 250, maxMs: 90_000, timeoutMs: 1_500 });

    await waitFor('30 acknowledged transfers under load', () => book.count('acked') >= 30, 60_000);
    api.process.kill('SIGSTOP');
    // The load's workers may all be waiting on transfer codes at this moment (codes are asked for one at a time
    // a sender, and a code that times out abandons its key), so transfers are also sent into the pause itself:
    // the stopped API's kernel takes them, and they time out with nothing answered.
    const intoThePause = transferPlanner(marcus, grace, 7, 'to self');
    const sentIntoThePause = Promise.all(
      Array.from({ length: 4 }, async () => {
        const transfer = intoThePause();
        book.record(transfer, await sendTransfer(api.url, transfer, 1_500));
      }),
    );
    // Long enough for every request in flight, and the next ones, to time out.
    await sleep(3_500);
    await sentIntoThePause;
    const timedOut = book.list('unknown').map((e) => e.transfer.key);
    const ackedWhilePaused = book.count('acked');
    api.process.kill('SIGCONT');
    const committedBeforeRetry = (await readBooks(db)).byKey;

    // Retry at once, racing the originals the API is now working through (they were all received).
    await retryUnknown(api.url, book, { timeoutMs: 15_000, rounds: 1, concurrency: 6 });
    await waitFor('20 more acknowledged transfers after SIGCONT', () => book.count('acked') >= ackedWhilePaused + timedOut.length + 20, 60_000);
    await load.stop();
    await retryUnknown(api.url, book, { timeoutMs: 15_000, rounds: 5, concurrency: 4 });

    expect(timedOut.length).toBeGreaterThan(0);
    const final = await readBooks(db);
    expectBooksBalanced(final, opening.total);
    expectAckedExactlyOnce(final, book);
    expectExactlyTheClientsTransfers(final, book, opening.balances);
    // Each timed-out key is in the database once, whichever request wrote it.
    expect(timedOut.filter((key) => final.byKey.get(key)?.length !== 1)).toEqual([]);
    expect(serverIsRunning(api)).toBe(true);
    console.log(`SIGSTOP drill: ${timedOut.length} requests timed out during the 3.5 s pause, ${timedOut.filter((key) => committedBeforeRetry.has(key)).length} of them committed by the resumed API before the retries began; ${summary(book)}`);
  });
});
