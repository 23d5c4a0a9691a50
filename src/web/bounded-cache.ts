/**
 * Values worked out once and handed out again while what they were worked out from is unchanged;
 * the key must name all of that. A bounded map: when full, the oldest entry goes first.
 */
export class BoundedCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  get(key: string, compute: () => T): T {
    const found = this.entries.get(key);
    if (found !== undefined) return found;
    const value = compute();
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }
}
