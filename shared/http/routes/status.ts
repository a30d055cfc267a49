import { Hono } from "hono";
import type { BoardProblem, FailingPoll } from "../../ports/poll-store.js";
import { errorTexts } from "../../texts/errors.js";
import { requireOperator } from "../access.js";
import type { AppDeps } from "../deps.js";
import { errorBody } from "../errors.js";
import type { AuthEnv } from "../principal.js";

/** The service's health, as `GET /status` answers it: every forum's counts and failing topics. */
export interface ServiceStatus {
  readonly ok: boolean;
  readonly body: Record<string, unknown> & {
    readonly storage: { ok: boolean; latencyMs: number; error?: string };
    readonly scheduler: { ok: boolean; openTimers: number | null };
    readonly notifications: { undelivered: number | null; failed: number | null };
    readonly forumactif?: { failing: FailingPoll[] | null; boards: BoardProblem[] | null };
  };
}

/**
 * `GET /status` (CONTRACT.md section 6): the whole service's health and counts, every forum's,
 * so the operator's only (3.1): a forum's admin or referee gets 403 `forbidden_role`.
 */
export function statusRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>();
  app.get("/", async (c) => {
    requireOperator(c.get("principal"));
    const status = await readStatus(deps);
    return c.json(status.body, status.ok ? 200 : 503);
  });
  return app;
}

/** Storage, timers, hibou delivery and counts, read for the operator (the route and the desk). */
export async function readStatus(deps: AppDeps): Promise<ServiceStatus> {
  const started = Date.now();
  let storage: { ok: boolean; latencyMs: number; error?: string };
  let counts = null;
  try {
    await deps.store.ping();
    counts = await deps.store.counts();
    storage = { ok: true, latencyMs: Date.now() - started };
  } catch (error) {
    storage = {
      ok: false,
      latencyMs: Date.now() - started,
      error: error instanceof Error ? error.name : "error",
    };
  }
  const scheduler = deps.schedulerHealth
    ? await deps.schedulerHealth().catch(() => ({ ok: false, openTimers: null }))
    : { ok: true, openTimers: null };
  // Topics that could not be read at their last poll, and boards that refused the bot's writes for
  // good (CONTRACT.md 4.4): shown, not counted as down.
  const forumactif = deps.forumactif
    ? {
        failing: await deps.forumactif.polls.listFailingPolls().catch(() => null),
        boards: await deps.forumactif.polls.listBoardProblems().catch(() => null),
      }
    : undefined;
  const ok = storage.ok && scheduler.ok;
  // A 503 still carries the error body every non-2xx answer has (CONTRACT.md section 2).
  const parts = errorTexts.unhealthyParts;
  const down = [...(storage.ok ? [] : [parts.storage]), ...(scheduler.ok ? [] : [parts.scheduler])];
  const error = ok ? {} : errorBody("unhealthy", errorTexts.unhealthy(down));
  return {
    ok,
    body: {
      ...error,
      ok,
      now: deps.clock.now().toISOString(),
      clock: deps.clock.manual ? "manual" : "system",
      storage,
      scheduler,
      notifications: { undelivered: counts?.pendingEffects ?? null, failed: counts?.failedEffects ?? null },
      duels: { active: counts?.activeDuels ?? null, registered: counts?.registeredDuels ?? null },
      ...(forumactif ? { forumactif } : {}),
    },
  };
}
