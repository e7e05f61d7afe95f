import { and, eq, isNull, sql } from 'drizzle-orm';
import { places, spots } from '../../../db/schema';
import { NEAR_DUPLICATE_METRES, NEAR_DUPLICATE_SIMILARITY, metresApart, nameSimilarity } from '../../lib/name-similarity';
import { normalisedName } from '../../lib/place-input';
import { historyEntryIfChanged } from '../admin/history';
import { database, writeAtomically } from '../db/database';

export interface PlaceLink {
  placeId: number;
  placeName: string;
  kind: string;
  spotId: number;
  spotName: string;
  /** Null when either has no position (only the same name links them then). */
  metres: number | null;
  similarity: number;
}

/**
 * The places that are a spot under another spelling: the same name (as people match names), or
 * names at least NEAR_DUPLICATE_SIMILARITY alike within NEAR_DUPLICATE_METRES. Only places not yet
 * linked, and spots no place is linked to yet; each place takes its best match, each spot one place.
 */
export async function nearDuplicatePlaces(): Promise<PlaceLink[]> {
  const db = await database();
  const [unlinked, candidates, taken] = await Promise.all([
    db
      .select({ id: places.id, name: places.name, kind: places.kind, latitude: places.latitude, longitude: places.longitude })
      .from(places)
      .where(and(isNull(places.spotId), isNull(places.archivedAt))),
    db
      .select({ id: spots.id, name: spots.name, latitude: spots.latitude, longitude: spots.longitude })
      .from(spots)
      .where(and(isNull(spots.archivedAt), eq(spots.draft, 0))),
    db
      .selectDistinct({ spotId: places.spotId })
      .from(places)
      .where(sql`${places.spotId} IS NOT NULL`),
  ]);
  const used = new Set(taken.map((row) => row.spotId));
  const links: PlaceLink[] = [];
  for (const place of unlinked) {
    let best: PlaceLink | null = null;
    for (const spot of candidates) {
      if (used.has(spot.id)) continue;
      const similarity = nameSimilarity(place.name, spot.name);
      const located = place.latitude !== null && place.longitude !== null && spot.latitude !== null && spot.longitude !== null;
      const metres = located
        ? Math.round(metresApart({ latitude: place.latitude!, longitude: place.longitude! }, { latitude: spot.latitude!, longitude: spot.longitude! }))
        : null;
      const sameName = normalisedName(place.name) === normalisedName(spot.name);
      const near = sameName || (similarity >= NEAR_DUPLICATE_SIMILARITY && metres !== null && metres <= NEAR_DUPLICATE_METRES);
      if (!near) continue;
      const link = {
        placeId: place.id,
        placeName: place.name,
        kind: place.kind,
        spotId: spot.id,
        spotName: spot.name,
        metres,
        similarity: Math.round(similarity * 100) / 100,
      };
      if (!best || link.similarity > best.similarity || (link.similarity === best.similarity && (link.metres ?? Infinity) < (best.metres ?? Infinity))) best = link;
    }
    if (best) {
      links.push(best);
      used.add(best.spotId);
    }
  }
  return links;
}

/**
 * Links each near-duplicate place to its spot: the place's card then opens the spot's page. Both
 * rows stay, so the spot keeps its loves, visits, views and score and the place its own data; each
 * link writes a History entry (by the guide itself) in the same batch, and only if the place was
 * still unlinked.
 */
export async function linkNearDuplicatePlaces(links: PlaceLink[], now = new Date()): Promise<number> {
  if (!links.length) return 0;
  const db = await database();
  const results = await writeAtomically(() =>
    db.batch(
      links.flatMap((link) => [
        db.run(sql`UPDATE places SET spot_id = ${link.spotId}, updated_at = ${now.getTime()} WHERE id = ${link.placeId} AND spot_id IS NULL`),
        historyEntryIfChanged(
          db,
          null,
          {
            kind: 'place',
            subjectId: link.placeId,
            subjectLabel: link.placeName,
            event: 'linked to its spot',
            before: { spotId: null },
            after: { spotId: link.spotId, spot: link.spotName, metres: link.metres, similarity: link.similarity },
          },
          now,
        ),
      ]) as [ReturnType<typeof db.run>, ...ReturnType<typeof db.run>[]],
    ),
  );
  return results.filter((_, i) => i % 2 === 0).reduce((sum, result) => sum + result.rowsAffected, 0);
}
