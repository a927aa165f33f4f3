// npm run config:impact: before deploying a change to forms/ or flows/, how many applications in progress each
// step's change would reopen (or ask a new step of), checked as a resume checks them. Reads the database the
// server uses (DATABASE_URL, else the embedded one in DATA_DIR) and the configuration in this folder (CONFIG_ROOT).
import { loadConfig } from '../src/server/config.js';
import { createDb } from '../src/server/db/create-db.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createAjv } from '../src/shared/create-ajv.js';
import { createFormValidator } from '../src/server/lib/form-validation.js';
import { readFormsDir } from '../src/shared/forms/read-forms-dir.js';
import { onboardingFlow } from '../src/server/lib/onboarding-flow.js';
import { readConfigVersion } from '../src/server/lib/config-version.js';
import { systemClock } from '../src/server/lib/clock.js';
import { configImpact } from '../src/server/lib/config-impact.js';

const config = loadConfig();
const handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(handle.db);
  const version = readConfigVersion();
  const impact = await configImpact({
    db: handle.db,
    forms: createFormValidator({ sources: readFormsDir(), ajv: createAjv(), clock: systemClock }),
    flow: onboardingFlow(),
    configVersion: version.hash,
    now: systemClock.now(),
  });
  console.log(`Configuration ${version.hash.slice(0, 12)} against ${impact.drafts} application(s) in progress (${config.databaseUrl ? 'Postgres' : `embedded database in ${config.dataDir}`}).`);
  if (!impact.steps.length) {
    console.log('No application in progress would have a step reopened or a new step to answer.');
  } else {
    console.log(`${impact.affected} application(s) would go back to an earlier step.\n`);
    for (const s of impact.steps) {
      const parts = [s.reopened ? `${s.reopened} reopened` : '', s.asked ? `${s.asked} asked this new step` : ''].filter(Boolean).join(', ');
      const fields = Object.entries(s.fields).map(([f, n]) => `${f} (${n})`).join(', ');
      console.log(`  ${s.title} [${s.step}]: ${parts}${fields ? `; fields: ${fields}` : ''}`);
    }
  }
} finally {
  await handle.close();
}
