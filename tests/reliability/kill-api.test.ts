// Fault drill: `kill -9` the API while transfers are in flight, twice, restarting it on the same
// database each time (SECURITY.md I1, I4, I5).
import {
  drillStage,
  expectAckedExactlyOnce,
  expectBooksBalanced,
  expectExactlyTheClientsTransfers,
  killHard,
  openDrill,
  openTransactions,
  readBooks,
  replayAcknowledged,
  retryUnknown,
  startLoad,
  summary,
  transferPlanner,
  waitFor,
} from './drill-kit';

describe('fault drill: kill -9 the API under load', () => {
  const stage = drillStage();

  it('after each restart no transfer has one leg, every acknowledged transfer is there once, and retries never duplicate money', async () => {
    const db = stage.db;
    const { api, marcus, grace, opening, book } = await openDrill(stage);
    let server = api;
    expectBooksBalanced(opening, opening.total);
    const plan = transferPlanner(marcus, grace, 20261122);
    let inFlightAtKills = 0;
    let openAtKills = 0;
    let committedButUnacknowledged = 0;

    for (let round = 1; round <= 2; round++) {
      const running = server;
      const ackedBefore = book.count('acked');
      const load = startLoad({ baseUrl: running.url, plan, book, workers: 6, maxRequests: 150, maxMs: 60_000, timeoutMs: 15_000 });
      await waitFor('40 acknowledged transfers under load', () => book.count('acked') >= ackedBefore + 40, 60_000);
      // Kill while Postgres shows the server inside a transaction, so the kill lands mid-transfer.
      let open = 0;
      await waitFor('a transaction open on the server', async () => (open = await openTransactions(db)) > 0, 10_000);
      inFlightAtKills += load.inFlight();
      await killHard(running);
      openAtKills += open;
      await load.stop();
      await running.stop();

      // While the API is down: Postgres rolled back whatever the dead process left open.
      const afterKill = await readBooks(db);
      expectBooksBalanced(afterKill, opening.total);
      expectAckedExactlyOnce(afterKill, book);
      committedButUnacknowledged += book.list('unknown').filter((e) => afterKill.byKey.has(e.transfer.key)).length;

      // Restart on the same database; the members' sessions live there and still work.
      server = await stage.startApi();
      await retryUnknown(server.url, book, { timeoutMs: 15_000, rounds: 5, concurrency: 4 });
      const afterRetry = await readBooks(db);
      expectBooksBalanced(afterRetry, opening.total);
      expectExactlyTheClientsTransfers(afterRetry, book, opening.balances);
    }

    // The kills hit requests in flight and transactions open in Postgres.
    expect(inFlightAtKills).toBeGreaterThan(0);
    expect(openAtKills).toBeGreaterThan(0);
    // Acknowledged transfers sent again answer their first reference and move nothing.
    await replayAcknowledged(server.url, book, 20);
    const final = await readBooks(db);
    expectBooksBalanced(final, opening.total);
    expectExactlyTheClientsTransfers(final, book, opening.balances);
    console.log(`kill -9 drill: ${summary(book)}; ${inFlightAtKills} requests in flight and ${openAtKills} transactions open at the kills, ${committedButUnacknowledged} of them had committed unacknowledged`);
  });
});
