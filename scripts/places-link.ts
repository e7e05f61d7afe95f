/**
 * `npm run places:link`: lists the places (restaurants and activities) that are a spot under
 * another spelling — the same name, or names alike within 150 m — and, with `--apply`, links each to
 * its spot (one record: the card opens the spot's page; both rows and all engagement are kept).
 * Without `--apply` nothing is written. Safe to run again.
 */
import { prepareDatabase } from '../db/prepare';
import { linkNearDuplicatePlaces, nearDuplicatePlaces } from '../src/server/spots/places-link';
import { databaseOptionsFromEnv } from './db-options';

async function main(): Promise<number> {
  const apply = process.argv.includes('--apply');
  await prepareDatabase(databaseOptionsFromEnv(), new Date(), { seed: false });
  const links = await nearDuplicatePlaces();
  if (!links.length) {
    console.log('No place to link: every place that is a spot is linked already.');
    return 0;
  }
  for (const link of links) {
    const distance = link.metres === null ? 'no position' : `${link.metres} m apart`;
    console.log(
      `${link.kind} "${link.placeName}" (#${link.placeId}) -> spot "${link.spotName}" (#${link.spotId}): ${distance}, names ${Math.round(link.similarity * 100)}% alike`,
    );
  }
  if (!apply) {
    console.log(`Dry run: ${links.length} place${links.length === 1 ? '' : 's'} would be linked. Run again with --apply to link them.`);
    return 0;
  }
  const linked = await linkNearDuplicatePlaces(links);
  console.log(`Linked ${linked} place${linked === 1 ? '' : 's'} to their spots.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
