/**
 * `npm run members:backfill`: reads from Stripe, once, the price, amount, interval, discount and
 * dates of every subscription recorded before they were kept. Safe to run again. Exit code 0 when
 * every one was filled, 1 when some could not be read (they are listed; run it again later).
 */
import { prepareDatabase } from '../db/prepare';
import { backfillSubscriptions } from '../src/server/members/backfill';
import { databaseOptionsFromEnv } from './db-options';

async function main(): Promise<number> {
  await prepareDatabase(databaseOptionsFromEnv());
  const { filled, failed } = await backfillSubscriptions((line) => console.error(line));
  console.log(`Filled ${filled} subscription${filled === 1 ? '' : 's'} from Stripe${failed ? `; ${failed} could not be read` : ''}.`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
