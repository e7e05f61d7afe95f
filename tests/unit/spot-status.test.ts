import { describe, expect, it } from 'vitest';
import { openingStatus, type OpeningHours } from '../../src/lib/opening-hours';
import { openingLabel, openingHoursSpecification, upcomingSpecialDates } from '../../src/lib/opening-hours-labels';
import { positionFromMapsUrl } from '../../src/lib/spot-edit';
import { closedNow, effectiveHours, missingForPublish, statusBanner } from '../../src/lib/spot-status';
import { recheckReason } from '../../src/server/spots/editorial-desk';

// Wednesday 26 Nov 2026, 10:00 in Scottsdale (UTC−7).
const NOW = new Date('2026-11-26T17:00:00Z');
const BAR: OpeningHours = { kind: 'weekly', rules: [{ days: [3, 4, 5, 6], open: '16:00', close: '02:00' }] };

describe('special dates', () => {
  it('a closed special date closes the day; the night before still runs past midnight into it', () => {
    const hours: OpeningHours = { ...BAR, special: [{ from: '2026-11-27', to: '2026-11-27', note: 'Thanksgiving' }] };
    // Thursday 27 Nov, 01:00: still Wednesday night's opening.
    expect(openingStatus(hours, new Date('2026-11-27T08:00:00Z')).state).toBe('open');
    // Thursday 27 Nov, 18:00: closed for the holiday, open again Friday at 4 PM.
    const thursday = new Date('2026-11-28T01:00:00Z');
    expect(openingLabel(openingStatus(hours, thursday), thursday)).toBe('Closed today · opens tomorrow 4 PM');
    expect(upcomingSpecialDates(hours, NOW)).toEqual([{ dates: 'Nov 27', hours: 'Closed', note: 'Thanksgiving' }]);
  });

  it('special hours replace the usual ones on those days, past midnight too, and go into the JSON-LD with their dates', () => {
    const hours: OpeningHours = { ...BAR, special: [{ from: '2026-12-31', to: '2026-12-31', open: '20:00', close: '03:00' }] };
    expect(openingStatus(hours, new Date('2027-01-01T09:30:00Z')).state).toBe('open'); // 02:30 on New Year's Day
    expect(openingStatus(hours, new Date('2027-01-01T00:00:00Z')).state).toBe('closed'); // 17:00 on the 31st
    expect(openingHoursSpecification(hours).at(-1)).toEqual({
      '@type': 'OpeningHoursSpecification',
      opens: '20:00',
      closes: '03:00',
      validFrom: '2026-12-31',
      validThrough: '2026-12-31',
    });
    expect(upcomingSpecialDates(hours, NOW)).toEqual([{ dates: 'Dec 31', hours: '8 PM – 3 AM', note: null }]);
    expect(upcomingSpecialDates(hours, new Date('2027-01-02T17:00:00Z'))).toEqual([]);
  });

  it('an always-open place with a closure is no longer always open on that day', () => {
    const hours: OpeningHours = { kind: 'always', special: [{ from: '2026-11-26', to: '2026-11-28' }] };
    expect(openingStatus(hours, NOW)).toEqual({ state: 'closed', opensAt: new Date('2026-11-29T07:00:00Z'), closedAllDay: true });
  });
});

describe('spot status', () => {
  it('a temporary closure holds through its last city day, then ends by itself', () => {
    const spot = { status: 'temporarily-closed' as const, closedUntil: '2026-11-26', statusNote: 'Renovation' };
    expect(closedNow(spot, NOW)).toBe(true);
    expect(closedNow(spot, new Date('2026-11-27T06:59:00Z'))).toBe(true); // 23:59 on the 26th in the city
    expect(closedNow(spot, new Date('2026-11-27T07:00:00Z'))).toBe(false);
    expect(statusBanner(spot, NOW)).toEqual({ title: 'Temporarily closed until Nov 26', note: 'Renovation' });
    expect(statusBanner({ ...spot, closedUntil: '2027-01-04' }, NOW)!.title).toBe('Temporarily closed until Jan 4, 2027');
    expect(statusBanner({ status: 'permanently-closed', closedUntil: null, statusNote: null }, NOW)).toEqual({ title: 'Permanently closed', note: null });
    expect(statusBanner({ status: 'open', closedUntil: null, statusNote: null }, NOW)).toBeNull();
  });

  it('the hours as they hold now: a temporary closure is a closed special date; a closed-for-good spot has none', () => {
    const spot = { status: 'temporarily-closed' as const, closedUntil: '2026-12-03', hours: BAR };
    const hours = effectiveHours(spot, NOW)!;
    expect(hours.special).toEqual([{ from: '2026-11-26', to: '2026-12-03', note: 'Temporarily closed' }]);
    expect(openingLabel(openingStatus(hours, NOW), NOW)).toBe('Closed · back Dec 4');
    expect(effectiveHours({ ...spot, status: 'permanently-closed' }, NOW)).toBeNull();
    expect(effectiveHours({ ...spot, closedUntil: '2026-11-25' }, NOW)).toBe(BAR);
  });

  it('publishing needs a hook, our take, a neighbourhood, an address or a pin, and hours or "no fixed hours"', () => {
    const complete = { description: 'Our take', hook: 'Hook', neighbourhood: 'Old Town', address: null, latitude: 33.5, hours: null, noFixedHours: 1 };
    expect(missingForPublish(complete)).toEqual([]);
    expect(missingForPublish({ ...complete, hook: '  ', latitude: null, noFixedHours: 0 })).toEqual([
      'Add the one-line hook.',
      'Add the street address or place the pin.',
      'Add the hours, or tick "No fixed hours".',
    ]);
  });

  it('a re-check is due when never done, older than 180 days, or a season opens within 30 days of a check made before', () => {
    const seasonal: OpeningHours = { kind: 'weekly', rules: [{ days: [6], open: '08:00', close: '13:00' }], seasons: [{ from: '12-15', to: '04-30' }] };
    expect(recheckReason({ verifiedAt: null, hours: null }, NOW)).toBe('Never checked');
    expect(recheckReason({ verifiedAt: new Date('2026-05-01T00:00:00Z'), hours: null }, NOW)).toBe('Checked more than 180 days ago');
    expect(recheckReason({ verifiedAt: new Date('2026-10-01T00:00:00Z'), hours: null }, NOW)).toBeNull();
    expect(recheckReason({ verifiedAt: new Date('2026-10-01T00:00:00Z'), hours: seasonal }, NOW)).toBe('Season opens soon');
    expect(recheckReason({ verifiedAt: new Date('2026-11-20T00:00:00Z'), hours: seasonal }, NOW)).toBeNull();
  });
});

describe('a pin from a Google Maps link', () => {
  it('reads the place pair, the @ centre and ?q=, and says when there is none', () => {
    expect(
      positionFromMapsUrl('https://www.google.com/maps/place/The+Mission/@33.4935,-111.9265,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d33.49362!4d-111.92412'),
    ).toEqual({
      latitude: 33.49362,
      longitude: -111.92412,
    });
    expect(positionFromMapsUrl('https://www.google.com/maps/@33.5,-111.9,15z')).toEqual({ latitude: 33.5, longitude: -111.9 });
    expect(positionFromMapsUrl('https://maps.google.com/?q=33.61,-111.89')).toEqual({ latitude: 33.61, longitude: -111.89 });
    expect(positionFromMapsUrl('https://maps.app.goo.gl/abc123')).toBeNull();
    expect(positionFromMapsUrl('https://www.google.com/maps/@133.5,-111.9,15z')).toBeNull();
  });
});
