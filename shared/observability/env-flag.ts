/** What Powertools takes for "yes" in a boolean variable (its `getBooleanFromEnv`, extended parsing). */
const TRUTHY = new Set(["1", "y", "yes", "t", "true", "on"]);

/** A boolean environment variable (`POWERTOOLS_DEV`, `POWERTOOLS_METRICS_DISABLED`) read as Powertools reads it. */
export function envFlag(value: string | undefined): boolean {
  return TRUTHY.has(value?.trim().toLowerCase() ?? "");
}
