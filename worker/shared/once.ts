/**
 * A value made on first use and kept. Module-level Intl formatters and collators cost milliseconds
 * each to build (their locale data loads then); made at import, every cold Worker start pays for
 * them before its first request, whether or not that request formats anything.
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
