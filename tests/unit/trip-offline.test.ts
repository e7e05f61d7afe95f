import { describe, expect, it, vi } from 'vitest';
import { forgetPersonalCaches } from '../../src/components/pwa/personal-caches';
import { addedToTrip, alreadyInTrip, itemsWithSpot } from '../../src/lib/trip/add-to-trip';
import { forgetKeptTrips, forgetSharedTrip, keepSharedTrip, keepTrips, keptSharedTrip, keptTrips } from '../../src/lib/trip/offline';
import { MemoryStorage } from '../fakes/memory-storage';

const trip = (id: number, title: string) => ({
  id,
  title,
  days: [{ day: '2026-07-05', stops: [{ key: 'spot:1', name: 'Pinnacle Peak Trail', startLabel: '6:00 AM' }] }],
});

describe('the plans kept for offline reading', () => {
  it('keeps each trip under its own key and gives them back in order, as loaded', () => {
    const storage = new MemoryStorage();
    keepTrips(storage, [trip(7, 'July'), trip(3, 'Spring')]);
    expect([...storage.entries.keys()].sort()).toEqual(['trips:kept:v1', 'trips:kept:v1:3', 'trips:kept:v1:7']);
    expect(keptTrips(storage)).toEqual([trip(7, 'July'), trip(3, 'Spring')]);
  });

  it('forgets a trip that is no longer listed (deleted, or after another reader signed in)', () => {
    const storage = new MemoryStorage();
    keepTrips(storage, [trip(7, 'July'), trip(3, 'Spring')]);
    keepTrips(storage, [trip(3, 'Spring, moved')]);
    expect(storage.getItem('trips:kept:v1:7')).toBeNull();
    expect(keptTrips(storage)).toEqual([trip(3, 'Spring, moved')]);
    keepTrips(storage, []);
    expect([...storage.entries.keys()]).toEqual(['trips:kept:v1']);
    expect(keptTrips(storage)).toEqual([]);
  });

  it('skips an entry that cannot be read, and reads nothing from a broken index', () => {
    const storage = new MemoryStorage();
    keepTrips(storage, [trip(7, 'July'), trip(3, 'Spring')]);
    storage.setItem('trips:kept:v1:7', '{not json');
    expect(keptTrips(storage)).toEqual([trip(3, 'Spring')]);
    storage.setItem('trips:kept:v1:3', JSON.stringify(trip(4, 'Someone else')));
    expect(keptTrips(storage)).toEqual([]);
    storage.setItem('trips:kept:v1', '"7"');
    expect(keptTrips(storage)).toEqual([]);
  });

  it('a full storage costs only the offline copy: nothing throws', () => {
    const storage = new MemoryStorage();
    keepTrips(storage, [trip(7, 'July')]);
    storage.full = true;
    expect(() => keepTrips(storage, [trip(7, 'July, changed')])).not.toThrow();
    expect(keptTrips(storage)).toEqual([trip(7, 'July')]);
  });
});

const token = (n: number) => `${'A'.repeat(40)}${String(n).padStart(3, '0')}`;

describe('the shared plans kept for offline reading', () => {
  it('keeps a shared plan under its token and gives it back for that token only', () => {
    const storage = new MemoryStorage();
    keepSharedTrip(storage, token(1), trip(7, 'July'));
    expect(keptSharedTrip(storage, token(1))).toEqual(trip(7, 'July'));
    expect(keptSharedTrip(storage, token(2))).toBeNull();
    expect([...storage.entries.keys()].sort()).toEqual(['trips:shared:v1', `trips:shared:v1:${token(1)}`]);
  });

  it('forgets a link that stopped working, and keeps nothing for a malformed token', () => {
    const storage = new MemoryStorage();
    keepSharedTrip(storage, token(1), trip(7, 'July'));
    keepSharedTrip(storage, token(2), trip(8, 'May'));
    forgetSharedTrip(storage, token(1));
    expect(keptSharedTrip(storage, token(1))).toBeNull();
    expect(storage.getItem(`trips:shared:v1:${token(1)}`)).toBeNull();
    expect(keptSharedTrip(storage, token(2))).toEqual(trip(8, 'May'));
    keepSharedTrip(storage, '../trips:kept:v1', trip(9, 'Sneaky'));
    expect([...storage.entries.keys()].sort()).toEqual(['trips:shared:v1', `trips:shared:v1:${token(2)}`]);
  });

  it('keeps the ten shared plans opened last', () => {
    const storage = new MemoryStorage();
    for (let n = 1; n <= 12; n++) keepSharedTrip(storage, token(n), trip(n, `Trip ${n}`));
    keepSharedTrip(storage, token(3), trip(3, 'Trip 3, again'));
    expect(JSON.parse(storage.getItem('trips:shared:v1')!)).toEqual([3, 12, 11, 10, 9, 8, 7, 6, 5, 4].map(token));
    expect(keptSharedTrip(storage, token(2))).toBeNull();
    expect(storage.getItem(`trips:shared:v1:${token(2)}`)).toBeNull();
    expect(keptSharedTrip(storage, token(3))).toEqual(trip(3, 'Trip 3, again'));
  });

  it('signing out forgets every kept plan, own and shared, and nothing else', () => {
    const storage = new MemoryStorage();
    storage.setItem('savedSpots', '[1,2]');
    keepTrips(storage, [trip(7, 'July'), trip(3, 'Spring')]);
    keepSharedTrip(storage, token(1), trip(9, "A friend's"));
    forgetKeptTrips(storage);
    expect([...storage.entries.keys()]).toEqual(['savedSpots']);
    expect(keptTrips(storage)).toEqual([]);
    expect(keptSharedTrip(storage, token(1))).toBeNull();
  });

  it('is what signing out clears in the browser, with the stored pages and reads', async () => {
    const storage = new MemoryStorage();
    keepTrips(storage, [trip(7, 'July')]);
    keepSharedTrip(storage, token(1), trip(9, "A friend's"));
    vi.stubGlobal('localStorage', storage);
    try {
      await forgetPersonalCaches();
    } finally {
      vi.unstubAllGlobals();
    }
    expect([...storage.entries.keys()]).toEqual([]);
  });
});

describe('adding a spot to a trip', () => {
  it('adds the spot at the end of the stops', () => {
    expect(
      itemsWithSpot(
        [
          { type: 'spot', id: 1 },
          { type: 'event', id: 9 },
        ],
        9,
      ),
    ).toEqual([
      { type: 'spot', id: 1 },
      { type: 'event', id: 9 },
      { type: 'spot', id: 9 },
    ]);
  });

  it('refuses a spot the trip already holds', () => {
    expect(itemsWithSpot([{ type: 'spot', id: 1 }], 1)).toBeNull();
    expect(alreadyInTrip('FnB', 'July in Scottsdale')).toBe('FnB is already in “July in Scottsdale”.');
    expect(addedToTrip('FnB', 'July in Scottsdale')).toBe('FnB is now in “July in Scottsdale”: the plan makes room for it.');
  });
});
