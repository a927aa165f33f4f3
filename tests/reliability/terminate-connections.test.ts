// Fault drill: Postgres ends the API's connections (`pg_terminate_backend`) while transfers are in
// flight. The API must stay up and recover on its own; the books must balance (SECURITY.md I1, I4, I5).
import {
  adminSql,
  assertServerUp,
  drillStage,
  expectAckedExactlyOnce,
  expectBooksBalanced,
  expectExactlyTheClientsTransfers,
  openDrill,
  readBooks,
  retryUnknown,
  serverIsRunning,
  sleep,
  startLoad,
  summary,
  transferPlanner,
  waitFor,
  type ScratchDatabase,
} from './drill-kit';

/** Ends every connection to the scratch database except the drill's own; returns how many. */
async function terminateServerConnections(db: ScratchDatabase): Promise<number> {
  const rows = await adminSql<{ ended: boolean }>(
    "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and application_name <> 'reliability-drill'",
    [db.name],
  );
  return rows.filter((r) => r.ended).length;
}

describe('fault drill: pg_terminate_backend of the API connections under load', () => {
  const stage = drillStage();

  it('the API stays up, later calls succeed, and the books balance with every acknowledged transfer once', async () => {
    const db = stage.db;
    const { api, marcus, grace, opening, book } = await openDrill(stage);
    const load = startLoad({ baseUrl: api.url, plan: transferPlanner(marcus, grace, 7), book, workers: 6, maxRequests: 300, maxMs: 90_000, timeoutMs: 15_000 });

    // Three rounds of cutting every connection of the server, each after fresh successes.
    let terminated = 0;
    for (let round = 1; round <= 3; round++) {
      const acked = book.count('acked');
      await waitFor('20 more acknowledged transfers', () => (assertServerUp(api), book.count('acked') >= acked + 20), 60_000);
      terminated += await terminateServerConnections(db);
      await sleep(100);
    }
    // Recovery: the same process keeps answering transfers with 200 after the last cut.
    const ackedAfterCuts = book.count('acked');
    await waitFor('30 acknowledged transfers after the last cut', () => (assertServerUp(api), book.count('acked') >= ackedAfterCuts + 30), 60_000);
    await load.stop();
    expect(terminated).toBeGreaterThan(0);
    expect(serverIsRunning(api)).toBe(true);

    const afterLoad = await readBooks(db);
    expectBooksBalanced(afterLoad, opening.total);
    expectAckedExactlyOnce(afterLoad, book);
    const unknownBeforeRetry = book.count('unknown');

    await retryUnknown(api.url, book, { timeoutMs: 15_000, rounds: 5, concurrency: 4 });
    const final = await readBooks(db);
    expectBooksBalanced(final, opening.total);
    expectExactlyTheClientsTransfers(final, book, opening.balances);
    expect(serverIsRunning(api)).toBe(true);
    console.log(`pg_terminate_backend drill: ${terminated} connections ended in 3 rounds, ${unknownBeforeRetry} answers lost to it; ${summary(book)}`);
  });
});
