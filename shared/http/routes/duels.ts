import { Hono } from "hono";
import { runRefereeCommand } from "../../app/referee-command.js";
import { registerDuel } from "../../app/register-duel.js";
import { refereeCommandBodySchema } from "../../domain/referee-actions.js";
import { ApiError } from "../../errors.js";
import { errorTexts } from "../../texts/errors.js";
import { forumOf, requireForum, requireOwnReferee } from "../access.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../json-body.js";
import { type AuthEnv, decidedBy, type Principal } from "../principal.js";
import { registerBodySchema } from "../schemas.js";
import { duelView, notificationsView } from "../views.js";
import { parseDuelId } from "../webhook-schemas.js";

const STATUSES = ["registered", "active", "finished"] as const;

/** Duels and the referee's decisions (CONTRACT.md section 6), each within its forum (3.1). */
export function duelRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>();

  const load = async (principal: Principal, duelId: string) => {
    const duel = await deps.store.loadDuel(parseDuelId(duelId));
    if (!duel) throw new ApiError(404, "duel_not_found", errorTexts.duel_not_found);
    requireForum(principal, duel.state.forumId);
    return duel;
  };

  app.post("/", async (c) => {
    const body = await jsonBody(c, registerBodySchema);
    const principal = c.get("principal");
    requireForum(principal, body.forumId);
    requireOwnReferee(principal, body.referee.id);
    return c.json(duelView(await registerDuel(deps, body, { who: decidedBy(principal) })), 201);
  });

  app.get("/", async (c) => {
    const status = c.req.query("status");
    if (status !== undefined && !STATUSES.includes(status as (typeof STATUSES)[number])) {
      throw new ApiError(400, "invalid_status", errorTexts.invalid_status);
    }
    const wanted = status ? [status as (typeof STATUSES)[number]] : [...STATUSES];
    // A forum's people list their forum's duels only (read alone); the operator lists them all.
    const forumId = forumOf(c.get("principal"));
    const lists = await Promise.all(wanted.map((s) => deps.store.listDuels(forumId, s, 100)));
    const duels = lists.flat();
    return c.json({ duels: duels.map((d) => duelView(d.state)) });
  });

  app.get("/:duelId", async (c) =>
    c.json(duelView((await load(c.get("principal"), c.req.param("duelId"))).state)),
  );

  app.post("/:duelId/commands", async (c) => {
    const duelId = parseDuelId(c.req.param("duelId"));
    const body = await jsonBody(c, refereeCommandBodySchema);
    const principal = c.get("principal");
    const done = await runRefereeCommand(deps, {
      duelId,
      body,
      who: decidedBy(principal),
      authorize: (forumId) => requireForum(principal, forumId),
      idempotencyKey: c.req.header("idempotency-key"),
    });
    return c.json({ result: done.result, events: done.events, duel: duelView(done.state) });
  });

  app.get("/:duelId/events", async (c) => {
    const duelId = parseDuelId(c.req.param("duelId"));
    await load(c.get("principal"), duelId);
    const inputs = await deps.store.listInputs(duelId);
    return c.json({ duelId, events: inputs.flatMap((i) => i.events) });
  });

  app.get("/:duelId/notifications", async (c) => {
    const duelId = parseDuelId(c.req.param("duelId"));
    await load(c.get("principal"), duelId);
    return c.json({ duelId, notifications: notificationsView(await deps.store.listOutbox(duelId)) });
  });

  return app;
}
