import type { SpotPage } from '../../../server/spots/spot-page';

/** What a spot's page shows once found (rendered on the server; never fetched by an island). */
export type FoundSpotPage = Omit<Extract<SpotPage, { kind: 'found' }>, 'kind'>;
