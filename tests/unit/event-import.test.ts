import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { events } from '../../db/schema';
import { EVENT_SCRAPE_LIMIT } from '../../src/lib/constants';
import { readEventDates } from '../../src/server/content/event-dates';
import { prepareEvents, readEventRow, saveScrapedEvents } from '../../src/server/content/event-import';
import { tempDatabaseFile } from '../support/temp-db';

const NOW = new Date('2026-03-04T19:00:00Z'); // Wednesday noon in Phoenix
const BASE = 'https://www.experiencescottsdale.com/events/';
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

describe('event dates are read in city time (America/Phoenix, UTC-7) unless they carry an offset', () => {
  it.each([
    ['2026-03-14', '2026-03-14T07:00:00.000Z'],
    ['March 14, 2026', '2026-03-14T07:00:00.000Z'],
    ['Mar 14, 2026', '2026-03-14T07:00:00.000Z'],
    ['Mar. 14, 2026', '2026-03-14T07:00:00.000Z'],
    ['14 March 2026', '2026-03-14T07:00:00.000Z'],
    ['3/14/2026', '2026-03-14T07:00:00.000Z'],
    ['Saturday, March 14th, 2026', '2026-03-14T07:00:00.000Z'],
    ['Sept 4, 2026', '2026-09-04T07:00:00.000Z'],
    ['Mar 14, 2026 7:00 PM', '2026-03-15T02:00:00.000Z'],
    ['March 14, 2026 at 7pm', '2026-03-15T02:00:00.000Z'],
    ['3/14/2026 7:30 p.m.', '2026-03-15T02:30:00.000Z'],
    ['March 14, 2026 12:00 AM', '2026-03-14T07:00:00.000Z'],
    ['March 14, 2026 12:15 PM', '2026-03-14T19:15:00.000Z'],
    ['2026-03-14T19:00', '2026-03-15T02:00:00.000Z'],
    ['2026-03-14 19:00:00', '2026-03-15T02:00:00.000Z'],
    ['2026-03-14T19:00:00-07:00', '2026-03-15T02:00:00.000Z'],
    ['2026-03-14T19:00:00Z', '2026-03-14T19:00:00.000Z'],
    ['2026-07-04T21:00', '2026-07-05T04:00:00.000Z'],
    ['March 14', '2026-03-14T07:00:00.000Z'],
    ['January 2', '2027-01-02T07:00:00.000Z'],
  ])('%s → %s', (text, expected) => {
    expect(iso(readEventDates({ date: text }, NOW)?.startDate)).toBe(expected);
  });

  it.each([
    ['March 14 - 16, 2026', '2026-03-14T07:00:00.000Z', '2026-03-16T07:00:00.000Z'],
    ['March 14-16, 2026', '2026-03-14T07:00:00.000Z', '2026-03-16T07:00:00.000Z'],
    ['Mar 14 – Apr 2, 2026', '2026-03-14T07:00:00.000Z', '2026-04-02T07:00:00.000Z'],
    ['March 14, 2026 7 PM - 10 PM', '2026-03-15T02:00:00.000Z', '2026-03-15T05:00:00.000Z'],
  ])('the range %s runs from %s to %s', (text, start, end) => {
    const dates = readEventDates({ date: text }, NOW);
    expect([iso(dates?.startDate), iso(dates?.endDate)]).toEqual([start, end]);
  });

  it('takes the time and end time from their own fields', () => {
    const dates = readEventDates({ date: 'March 14, 2026', time: '7:00 PM - 9:30 PM' }, NOW);
    expect([iso(dates?.startDate), iso(dates?.endDate)]).toEqual(['2026-03-15T02:00:00.000Z', '2026-03-15T04:30:00.000Z']);
    const separate = readEventDates({ date: '2026-03-14', time: '18:00', endDate: 'March 15, 2026' }, NOW);
    expect([iso(separate?.startDate), iso(separate?.endDate)]).toEqual(['2026-03-15T01:00:00.000Z', '2026-03-15T07:00:00.000Z']);
  });

  it('drops an end before the start', () => {
    expect(readEventDates({ date: 'March 14, 2026', endDate: 'March 1, 2026' }, NOW)?.endDate).toBeNull();
  });

  it.each(['soon', 'TBA', 'February 30, 2026', '2026-13-01', 'March 14, 2026 25:00', '13/45/2026', ''])('%j is unreadable', (text) => {
    expect(readEventDates({ date: text }, NOW)).toBeNull();
  });
});

describe('a captured row', () => {
  it('becomes an event whatever the robot named its fields', () => {
    const row = {
      Position: '1',
      'Event Name': '  Scottsdale Arabian Horse Show ',
      'Event Date': 'February 14, 2027',
      'Start Time': '9:00 AM',
      Summary: 'Horses from around the world.',
      Venue: 'WestWorld of Scottsdale',
      URL: '/events/arabian-horse-show/',
      Category: 'Sports',
    };
    expect(readEventRow(row, { now: NOW, baseUrl: BASE })).toEqual({
      event: {
        title: 'Scottsdale Arabian Horse Show',
        description: 'Horses from around the world.',
        startDate: new Date('2027-02-14T16:00:00.000Z'),
        endDate: null,
        location: 'WestWorld of Scottsdale',
        link: 'https://www.experiencescottsdale.com/events/arabian-horse-show/',
        eventType: 'Sports',
      },
    });
  });

  it('keeps optional fields empty and drops links that are not web addresses', () => {
    const read = readEventRow({ title: 'Farmers Market', date: '2026-03-07', link: 'javascript:alert(1)', location: '' }, { now: NOW });
    expect(read).toEqual({
      event: { title: 'Farmers Market', description: null, startDate: new Date('2026-03-07T07:00:00.000Z'), endDate: null, location: null, link: null, eventType: null },
    });
  });

  it('clips overlong text instead of refusing the event', () => {
    const read = readEventRow({ title: 'T'.repeat(500), date: '2026-03-07', description: 'd'.repeat(5000) });
    expect('event' in read && [read.event.title.length, read.event.description?.length]).toEqual([200, 2000]);
  });

  it.each([
    [{ date: '2026-03-07' }, 'no title'],
    [{ title: '   ', date: '2026-03-07' }, 'no title'],
    [{ title: 'No date' }, 'no date'],
    [{ title: 'Bad date', date: 'next Friday-ish' }, 'unreadable date "next Friday-ish"'],
    [null, 'not a list row'],
    ['Old Town Art Walk', 'not a list row'],
    [['Old Town Art Walk', '2026-03-07'], 'not a list row'],
  ])('%j is skipped: %s', (row, problem) => {
    expect(readEventRow(row, { now: NOW })).toEqual({ problem });
  });
});

describe('a run of rows', () => {
  const row = (i: number) => ({ title: `Event ${i}`, date: 'March 20, 2026' });

  it('skips and counts malformed rows, listing why', () => {
    const run = prepareEvents([row(1), { title: '' }, { title: 'x', date: '??' }, 42, row(2)], { now: NOW });
    expect(run.events.map((e) => e.title)).toEqual(['Event 1', 'Event 2']);
    expect(run).toMatchObject({ skipped: 3, repeated: 0, overLimit: 0 });
    expect(run.problems).toEqual([
      { row: 2, reason: 'no title' },
      { row: 3, reason: 'unreadable date "??"' },
      { row: 4, reason: 'not a list row' },
    ]);
  });

  it('keeps the first of rows with the same title and start date', () => {
    const run = prepareEvents(
      [
        { title: 'Art Walk', date: 'March 19, 2026 7:00 PM', location: 'first' },
        { title: 'Art Walk', date: '2026-03-19T19:00', location: 'second' },
        { title: 'Art Walk', date: 'March 26, 2026 7:00 PM' },
      ],
      { now: NOW },
    );
    expect(run.events.map((e) => [e.location, iso(e.startDate)])).toEqual([
      ['first', '2026-03-20T02:00:00.000Z'],
      [null, '2026-03-27T02:00:00.000Z'],
    ]);
    expect(run.repeated).toBe(1);
  });

  it(`reads at most ${EVENT_SCRAPE_LIMIT} rows`, () => {
    const run = prepareEvents(
      Array.from({ length: 150 }, (_, i) => row(i)),
      { now: NOW },
    );
    expect(EVENT_SCRAPE_LIMIT).toBe(100);
    expect(run.events).toHaveLength(100);
    expect(run.events.at(-1)?.title).toBe('Event 99');
    expect(run.overLimit).toBe(50);
  });

  it('lists at most 10 problems but counts them all', () => {
    const run = prepareEvents(
      Array.from({ length: 30 }, () => ({ title: 'x' })),
      { now: NOW },
    );
    expect([run.skipped, run.problems.length]).toEqual([30, 10]);
  });
});

describe('saving scraped events', () => {
  const file = tempDatabaseFile('event-import-');
  let db: Database;
  beforeAll(async () => {
    process.env.DATABASE_URL = file.url;
    await prepareDatabase({ url: file.url }, NOW, { seed: false });
    db = openDatabase({ url: file.url });
  });
  afterAll(() => {
    db?.$client.close();
    file.remove();
  });
  const byTitle = async (title: string) => db.select().from(events).where(eq(events.title, title));

  it('inserts new events as new this week from Browse AI, and updates a re-seen one in place', async () => {
    const first = prepareEvents([{ title: 'Canal Convergence', date: 'March 20, 2026', location: 'Scottsdale Waterfront' }], { now: NOW });
    expect(await saveScrapedEvents(first.events, NOW)).toEqual({ imported: 1, updated: 0, hidden: 0 });
    const [saved] = await byTitle('Canal Convergence');
    expect(saved).toMatchObject({ source: 'browse_ai', isNewThisWeek: true, location: 'Scottsdale Waterfront', tags: [] });

    const again = prepareEvents([{ title: 'Canal Convergence', date: '2026-03-20', description: 'Light art on the canal.' }], { now: NOW });
    expect(await saveScrapedEvents(again.events, NOW)).toEqual({ imported: 0, updated: 1, hidden: 0 });
    const rows = await byTitle('Canal Convergence');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: saved!.id, description: 'Light art on the canal.', location: 'Scottsdale Waterfront', isNewThisWeek: true });
  });

  it('an event first seen in an earlier week is no longer new when seen again', async () => {
    const lastWeek = new Date(NOW.getTime() - 7 * 24 * 60 * 60 * 1000);
    const run = prepareEvents([{ title: 'Parada del Sol', date: 'March 21, 2026' }], { now: NOW });
    await saveScrapedEvents(run.events, lastWeek);
    expect(await saveScrapedEvents(run.events, NOW)).toEqual({ imported: 0, updated: 1, hidden: 0 });
    expect((await byTitle('Parada del Sol'))[0]?.isNewThisWeek).toBe(false);
  });

  it('saves a full run of 100 in one go', async () => {
    const run = prepareEvents(
      Array.from({ length: 120 }, (_, i) => ({ title: `Bulk ${i}`, date: '2026-04-01' })),
      { now: NOW },
    );
    expect(await saveScrapedEvents(run.events, NOW)).toEqual({ imported: 100, updated: 0, hidden: 0 });
    expect(await saveScrapedEvents([], NOW)).toEqual({ imported: 0, updated: 0, hidden: 0 });
  });
});
