import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { spots } from '../../db/schema';
import { formatScore, leaderboardTotal, spotScore } from '../../src/lib/spot-score';
import { spotScoreCases } from '../support/spot-score-cases';
import { tempDatabaseFile } from '../support/temp-db';

describe('spotScore (spec §9)', () => {
  it.each(spotScoreCases)('$name → $score', (c) => {
    expect(spotScore({ ...c, tags: [...c.tags] })).toBe(c.score);
  });

  it('leaderboard total is loves + visits + views', () => {
    expect(leaderboardTotal({ viewCount: 10, lovedCount: 2, visitedCount: 3 })).toBe(15);
  });

  it('shows the score with one decimal', () => {
    expect(formatScore(12)).toBe('12.0');
    expect(formatScore(0)).toBe('0.0');
  });
});

describe('spots.score column computed by SQLite', () => {
  const file = tempDatabaseFile();
  let db: Database;

  beforeAll(async () => {
    db = openDatabase({ url: file.url });
    await migrateDatabase(db);
  });
  afterAll(() => {
    db.$client.close();
    file.remove();
  });

  it.each(spotScoreCases)('$name matches the pure rule', async (c) => {
    const [row] = await db
      .insert(spots)
      .values({
        name: c.name,
        category: 'food',
        description: 'A test spot',
        imageUrl: '/images/spots/food.svg',
        mapsUrl: 'https://maps.example/x',
        viewCount: c.viewCount,
        lovedCount: c.lovedCount,
        visitedCount: c.visitedCount,
        tags: [...c.tags],
      })
      .returning();
    expect(row?.score).toBe(c.score);
    expect(row?.score).toBe(spotScore(row!));
  });

  it('follows counter updates', async () => {
    const [row] = await db
      .insert(spots)
      .values({ name: 'x', category: 'hike', description: 'd', imageUrl: 'i', mapsUrl: 'm', viewCount: 1, tags: ['New'] })
      .returning();
    await db.update(spots).set({ lovedCount: 2 }).where(eq(spots.id, row!.id));
    const [after] = await db.select().from(spots).where(eq(spots.id, row!.id));
    expect(after?.score).toBe(1 + 3 + 6);
  });
});
