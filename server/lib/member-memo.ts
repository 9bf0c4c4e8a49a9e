/**
 * Something per member, answered from memory for `ttlMs` unless dropped first. Its owners drop
 * entries when a write changes them, on every instance (bus events), and call `busLost` while
 * the bus may be missing such events: then every answer comes from `load`, until `busBack`.
 */
export class MemberMemo<T> {
  private known = new Map<number, { at: number; value: T }>();
  /** Bumped by every drop, so a load that raced a change is used once but not kept. */
  private generation = 0;
  private trusted = true;

  private readonly ttlMs: number;
  /** Members remembered at once; beyond it the map starts over (a bound, not an LRU). */
  private readonly maxMembers: number;

  constructor(ttlMs: number, maxMembers = 10_000) {
    this.ttlMs = ttlMs;
    this.maxMembers = maxMembers;
  }

  async get(userId: number, nowMs: number, load: () => Promise<T>): Promise<T> {
    const entry = this.known.get(userId);
    if (this.trusted && entry && nowMs - entry.at < this.ttlMs) return entry.value;
    const generation = this.generation;
    const value = await load();
    if (this.trusted && this.generation === generation) {
      if (this.known.size >= this.maxMembers) this.known.clear();
      this.known.set(userId, { at: nowMs, value });
    }
    return value;
  }

  /** These members' entries (null: everyone's) changed. */
  forget(userIds: readonly number[] | null): void {
    this.generation += 1;
    if (userIds === null) this.known.clear();
    else for (const id of userIds) this.known.delete(id);
  }

  busLost(): void {
    this.trusted = false;
    this.forget(null);
  }

  busBack(): void {
    this.trusted = true;
    this.forget(null);
  }
}
