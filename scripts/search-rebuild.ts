/**
 * `npm run search:rebuild`: writes the search index again from the spots, places, events and
 * Stories tables (docs/decisions/032-search.md). The triggers keep it in step with every write, so
 * this is for after a restore from an old backup, a hand edit with the triggers off, or a change
 * to what is indexed. Safe to run on a live site: one transaction, readers see the old or the new.
 */
import { prepareDatabase } from '../db/prepare';
import { database } from '../src/server/db/database';
import { rebuildSearchIndex } from '../src/server/search/rebuild';
import { databaseOptionsFromEnv } from './db-options';

async function main(): Promise<void> {
  await prepareDatabase(databaseOptionsFromEnv());
  const documents = await rebuildSearchIndex(await database());
  console.log(`Search index rebuilt: ${documents} document${documents === 1 ? '' : 's'}.`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
