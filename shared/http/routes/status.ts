import { Hono } from "hono";
import { errorTexts } from "../../texts/errors.js";
import type { AppDeps } from "../deps.js";
import { errorBody } from "../errors.js";

/** `GET /status` (admin): storage, timers, hibou delivery and counts (CONTRACT.md section 6). */
export function statusRoutes(deps: AppDeps) {
  const app = new Hono();
  app.get("/", async (c) => {
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
    // Topics that could not be read at their last poll (issue 14): shown, not counted as down.
    const forumactif = deps.forumactif
      ? { failing: await deps.forumactif.polls.listFailingPolls().catch(() => null) }
      : undefined;
    const ok = storage.ok && scheduler.ok;
    // A 503 still carries the error body every non-2xx answer has (CONTRACT.md section 2).
    const parts = errorTexts.unhealthyParts;
    const down = [...(storage.ok ? [] : [parts.storage]), ...(scheduler.ok ? [] : [parts.scheduler])];
    const error = ok ? {} : errorBody("unhealthy", errorTexts.unhealthy(down));
    return c.json(
      {
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
      ok ? 200 : 503,
    );
  });
  return app;
}
