import type { Query } from "@tanstack/react-query";

/**
 * react-query's `placeholderData` for a calendar list whose key is [name, community, year, month, {…}]: while
 * another page or day of the same month loads, the list on screen stays (as the portal's other lists do); on
 * another month nothing is kept, so no month's visits are shown under another month's name.
 */
export function keepWithinMonth<T>(key: readonly unknown[]) {
  return (previous: T | undefined, previousQuery: Query<T, Error, T, readonly unknown[]> | undefined) => {
    const before = previousQuery?.queryKey;
    const sameMonth = before !== undefined && key.slice(0, 4).every((part, i) => part === before[i]);
    return sameMonth ? previous : undefined;
  };
}
