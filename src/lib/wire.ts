/**
 * What a value becomes on the way from the server to the browser: `JSON.stringify` on one side,
 * `JSON.parse` on the other. Contracts (src/features/<domain>/api) derive their response types from the
 * services' return types with `Wire<...>`, so nobody keeps a second copy of a shape by hand.
 */

/** Values JSON.stringify leaves out of an object (and writes as `null` inside an array). */
type Dropped = undefined | symbol | ((...args: never[]) => unknown);

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A value inside an array: what an object would drop becomes `null` there. */
type WireItem<T> = T extends Dropped ? null : Wire<T>;

/** True when the key stays in every copy: none of its possible values is dropped. */
type Kept<V> = [Extract<V, Dropped>] extends [never] ? true : false;
/** True when some value of the key survives at all. */
type Survives<V> = [Exclude<V, Dropped>] extends [never] ? false : true;

type WireObject<T> = Simplify<
  {
    -readonly [K in keyof T as K extends symbol ? never : Survives<T[K]> extends true ? (Kept<T[K]> extends true ? K : never) : never]: Wire<Exclude<T[K], Dropped>>;
  } & {
    -readonly [K in keyof T as K extends symbol ? never : Survives<T[K]> extends true ? (Kept<T[K]> extends true ? never : K) : never]?: Wire<Exclude<T[K], Dropped>>;
  }
>;

/**
 * `T` after a JSON round trip: a Date (or anything with `toJSON`) becomes what `toJSON` returns, a
 * string for a Date; objects keep their string keys, a key that may hold `undefined` (or a
 * function) becomes optional and one that only ever holds those disappears; inside arrays those
 * become `null`; Map and Set become empty objects; bigint cannot be sent (JSON.stringify throws).
 */
export type Wire<T> = 0 extends 1 & T
  ? // `any` stays `any`: there is nothing to say about its wire shape.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    any
  : T extends Date
    ? string
    : T extends { toJSON(...args: never[]): infer R }
      ? Wire<R>
      : T extends string | number | boolean | null
        ? T
        : T extends bigint | Dropped
          ? never
          : T extends ReadonlyMap<unknown, unknown> | ReadonlySet<unknown> | WeakMap<object, unknown> | WeakSet<object>
            ? Record<string, never>
            : T extends readonly unknown[]
              ? { -readonly [I in keyof T]: WireItem<T[I]> }
              : T extends object
                ? WireObject<T>
                : unknown;

function isDropped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * The value as the browser will receive it, without a string in between: exactly what
 * `JSON.parse(JSON.stringify(value))` gives. Pages use it for the props they hand to components,
 * so server-rendered props and API reads have one shape.
 */
export function toWire<T>(value: T): Wire<T> {
  const ancestors: object[] = [];
  const convert = (key: string, input: unknown): unknown => {
    let current = input;
    if (current !== null && typeof current === 'object' && typeof (current as { toJSON?: unknown }).toJSON === 'function') {
      current = (current as { toJSON: (key: string) => unknown }).toJSON(key);
    }
    if (current instanceof Number || current instanceof String || current instanceof Boolean) current = current.valueOf();
    if (typeof current === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
    // NaN and the infinities are written as null, -0 as 0.
    if (typeof current === 'number') return Number.isFinite(current) ? current + 0 : null;
    if (current === null || typeof current !== 'object') return current;
    if (ancestors.includes(current)) throw new TypeError('Converting circular structure to JSON');
    ancestors.push(current);
    try {
      if (Array.isArray(current)) {
        return current.map((item, index) => (isDropped(item) ? null : (convert(String(index), item) ?? null)));
      }
      const result: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(current)) {
        if (isDropped(item)) continue;
        const converted = convert(name, item);
        if (!isDropped(converted)) result[name] = converted;
      }
      return result;
    } finally {
      ancestors.pop();
    }
  };
  return convert('', value) as Wire<T>;
}
