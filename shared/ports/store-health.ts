/** Summary counts for `/status`. */
export interface StoreCounts {
  readonly activeDuels: number;
  readonly registeredDuels: number;
  readonly pendingEffects: number;
  readonly failedEffects: number;
}

/** What `/status` and the health checks ask of storage. */
export interface StoreHealth {
  counts(): Promise<StoreCounts>;
  /** A cheap round trip, for health checks. */
  ping(): Promise<void>;
}
