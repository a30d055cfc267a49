import fc from "fast-check";

/**
 * Replays a failed property: fast-check prints `{ seed: …, path: … }` with every failure, and
 * `FC_SEED=<seed> npx vitest run <file>` runs the properties of that file from that seed again (a
 * property that fixes its own seed in the test keeps it).
 */
const seed = process.env.FC_SEED;
if (seed !== undefined && seed !== "") {
  if (!/^-?\d+$/.test(seed)) throw new Error(`FC_SEED must be an integer (fast-check's seed), not "${seed}"`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });
}
