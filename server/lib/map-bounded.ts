/**
 * `fn` over every item with at most `limit` calls in flight: the next item starts as one ends.
 * Results come back in the items' order. A rejection rejects the whole (as Promise.all would), so
 * callers that want every item tried catch inside `fn`.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
