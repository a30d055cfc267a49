/**
 * Sets `key` last in `map` and forgets the oldest entries beyond `limit` (a Map iterates in
 * insertion order, so a `set` refreshes): the adapters' bounded memories of what they read.
 */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}
