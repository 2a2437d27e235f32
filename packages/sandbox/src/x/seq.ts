/** A read-only list that may be generated on demand (the 100,000-entrant lists are never materialised). */
export interface Seq<T> {
  readonly length: number;
  at(position: number): T;
}

export const emptySeq: Seq<never> = {
  length: 0,
  at() {
    throw new RangeError("empty sequence");
  },
};

export function arraySeq<T>(items: readonly T[]): Seq<T> {
  return {
    length: items.length,
    at(position) {
      const item = items[position];
      if (item === undefined) throw new RangeError(`position ${position} out of range`);
      return item;
    },
  };
}

export function intSeq(items: Int32Array): Seq<number> {
  return {
    length: items.length,
    at(position) {
      const item = items[position];
      if (item === undefined) throw new RangeError(`position ${position} out of range`);
      return item;
    },
  };
}

export function concatSeq<T>(first: Seq<T>, second: Seq<T>): Seq<T> {
  return {
    length: first.length + second.length,
    at(position) {
      return position < first.length ? first.at(position) : second.at(position - first.length);
    },
  };
}

export function mapSeq<T, U>(source: Seq<T>, map: (item: T) => U): Seq<U> {
  return { length: source.length, at: (position) => map(source.at(position)) };
}

export function functionSeq<T>(length: number, at: (position: number) => T): Seq<T> {
  return { length, at };
}

export function toArray<T>(source: Seq<T>): T[] {
  const out: T[] = [];
  for (let i = 0; i < source.length; i++) out.push(source.at(i));
  return out;
}
