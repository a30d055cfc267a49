/** Duels whose last committed version is kept (a forgotten one only costs a stale read a retry). */
const MAX_DUELS_KEPT = 256;

/**
 * The version this process last committed, for the last duels it wrote: a caller's read of an
 * earlier version is stale, and the duel is read again instead of losing a commit to ourselves.
 */
export class WrittenVersions {
  private readonly versions = new Map<string, number>();

  /** Whether a read of `version` is at least what this process last wrote of the duel. */
  isCurrent(duelId: string, version: number): boolean {
    return version >= (this.versions.get(duelId) ?? 0);
  }

  wrote(duelId: string, version: number): void {
    const known = this.versions.get(duelId) ?? 0;
    // Most recently written last: the first entry is the one to forget.
    this.versions.delete(duelId);
    this.versions.set(duelId, Math.max(known, version));
    for (const oldest of this.versions.keys()) {
      if (this.versions.size <= MAX_DUELS_KEPT) break;
      this.versions.delete(oldest);
    }
  }
}
