import { describe, expect, expectTypeOf, it } from 'vitest';
import { toWire, type Wire } from '../../src/lib/wire';

// The type assertions are checked by `astro check` (tests are part of the project); at run time they do nothing.

describe('Wire<T>', () => {
  it('turns dates into strings and keeps JSON values as they are', () => {
    expectTypeOf<Wire<Date>>().toEqualTypeOf<string>();
    expectTypeOf<Wire<string>>().toEqualTypeOf<string>();
    expectTypeOf<Wire<number>>().toEqualTypeOf<number>();
    expectTypeOf<Wire<boolean>>().toEqualTypeOf<boolean>();
    expectTypeOf<Wire<null>>().toEqualTypeOf<null>();
    expectTypeOf<Wire<'food' | 'drinks'>>().toEqualTypeOf<'food' | 'drinks'>();
    expectTypeOf<Wire<Date | null>>().toEqualTypeOf<string | null>();
  });

  it('goes through objects and arrays, however deep', () => {
    interface Row {
      id: number;
      createdAt: Date;
      publishedAt: Date | null;
      tags: string[];
      run: { startedAt: Date; history: { at: Date }[] } | null;
    }
    expectTypeOf<Wire<Row>>().toEqualTypeOf<{
      id: number;
      createdAt: string;
      publishedAt: string | null;
      tags: string[];
      run: { startedAt: string; history: { at: string }[] } | null;
    }>();
    expectTypeOf<Wire<Row[]>>().toEqualTypeOf<Wire<Row>[]>();
    expectTypeOf<Wire<readonly Date[]>>().toEqualTypeOf<string[]>();
    expectTypeOf<Wire<[Date, number]>>().toEqualTypeOf<[string, number]>();
  });

  it('makes keys that may be undefined optional and drops the ones that never hold a value', () => {
    interface Input {
      always: string;
      maybe: string | undefined;
      optional?: Date;
      never: undefined;
      method: () => void;
      sometimesMethod: number | (() => void);
    }
    expectTypeOf<Wire<Input>>().toEqualTypeOf<{ always: string; maybe?: string; optional?: string; sometimesMethod?: number }>();
  });

  it('writes what an object would drop as null inside an array', () => {
    expectTypeOf<Wire<(string | undefined)[]>>().toEqualTypeOf<(string | null)[]>();
    expectTypeOf<Wire<(() => void)[]>>().toEqualTypeOf<null[]>();
  });

  it('follows toJSON, and sends Map and Set as empty objects', () => {
    expectTypeOf<Wire<{ toJSON(): { kind: 'money'; cents: number } }>>().toEqualTypeOf<{ kind: 'money'; cents: number }>();
    expectTypeOf<Wire<Map<string, number>>>().toEqualTypeOf<Record<string, never>>();
    expectTypeOf<Wire<Set<Date>>>().toEqualTypeOf<Record<string, never>>();
  });

  it('keeps unions apart, as a discriminated union must', () => {
    type Outcome = { kind: 'counted'; at: Date } | { kind: 'not-found' };
    expectTypeOf<Wire<Outcome>>().toEqualTypeOf<{ kind: 'counted'; at: string } | { kind: 'not-found' }>();
    type Seen = { id: number } | ({ id: number } & { locked: true });
    expectTypeOf<Wire<Seen>>().toEqualTypeOf<{ id: number } | { id: number; locked: true }>();
  });

  it('leaves any and unknown alone', () => {
    expectTypeOf<Wire<unknown>>().toEqualTypeOf<unknown>();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    expectTypeOf<Wire<any>>().toBeAny();
  });

  it('turns a promise of a service into what its endpoint sends', () => {
    type Service = () => Promise<{ spots: { id: number; createdAt: Date }[]; total: number }>;
    expectTypeOf<Wire<Awaited<ReturnType<Service>>>>().toEqualTypeOf<{ spots: { id: number; createdAt: string }[]; total: number }>();
  });
});

describe('toWire', () => {
  const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

  it('gives exactly what a JSON round trip gives', () => {
    const values: unknown[] = [
      { id: 1, name: 'Pinnacle Peak', createdAt: new Date('2026-11-25T19:00:00.000Z'), tags: ['Hike', 'Sunrise'], website: null },
      [new Date(0), undefined, () => 1, Symbol('s'), NaN, Infinity, -0, 'text'],
      { kept: 1, gone: undefined, fn: () => 1, sym: Symbol('s'), nested: { at: new Date(86_400_000), list: [{ at: new Date(1) }] } },
      { custom: { toJSON: (key: string) => `custom:${key}` }, map: new Map([['a', 1]]), set: new Set([1]) },
      { boxed: [Object(1), Object('two'), Object(false)] },
      'plain',
      42,
      null,
      [],
      {},
    ];
    for (const value of values) expect(toWire(value)).toEqual(roundTrip(value));
  });

  it('types its result as Wire<T>', () => {
    const row = { id: 7, createdAt: new Date('2026-01-01T00:00:00.000Z'), note: undefined as string | undefined };
    const wire = toWire(row);
    expectTypeOf(wire).toEqualTypeOf<{ id: number; createdAt: string; note?: string }>();
    expect(wire).toEqual({ id: 7, createdAt: '2026-01-01T00:00:00.000Z' });
    expect('note' in wire).toBe(false);
  });

  it('refuses what JSON.stringify refuses', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => toWire(cycle)).toThrow(TypeError);
    expect(() => toWire({ big: 1n })).toThrow(TypeError);
  });

  it('lets an object appear twice when it is not its own ancestor', () => {
    const shared = { at: new Date(0) };
    expect(toWire({ a: shared, b: [shared] })).toEqual({ a: { at: '1970-01-01T00:00:00.000Z' }, b: [{ at: '1970-01-01T00:00:00.000Z' }] });
  });
});
