// A stand-in server process for the lease test: takes the purge job's lease,
// starts a run that never ends, says so on stdout, and waits to be killed.
import pino from 'pino';
import { openDatabase, type DatabaseOptions } from '../../../src/server/db/database';
import { createJobRunner } from '../../../src/server/jobs/runner';
import { NEW_YORK, cron } from '../../../src/server/jobs/schedule';

const options = JSON.parse(process.argv[2]) as DatabaseOptions;
const { db } = openDatabase(options);
const runner = createJobRunner({
  db,
  log: pino({ enabled: false }),
  definitions: [
    {
      name: 'purge',
      title: 'purge',
      description: 'never finishes',
      schedule: cron('0 6 * * *', NEW_YORK, 'daily'),
      enabledByDefault: true,
      run: () => {
        process.stdout.write('running\n');
        return new Promise(() => {});
      },
    },
  ],
});
await runner.ensureJobs();
void runner.run('purge');
setInterval(() => {}, 60_000);
