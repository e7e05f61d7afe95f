import { prepareDatabase } from '../db/prepare';
import { databaseOptionsFromEnv } from './db-options';

const options = databaseOptionsFromEnv();
const { seeded } = await prepareDatabase(options);
console.log(`Database ready (${options.url})${seeded ? ', seeded with Scottsdale data' : ''}.`);
