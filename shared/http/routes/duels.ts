import { Hono } from "hono";
import { duelIdOf } from "../../app/post-intake.js";
import type { RegisterDuel } from "../../domain/commands.js";
import { refereeCommandBodySchema } from "../../domain/referee-actions.js";
import { normalizeKey } from "../../parsing/normalize.js";
import { defaultRuleset } from "../../rules/default-ruleset.js";
import type { Ruleset } from "../../rules/ruleset.js";
import { runRefereeCommand } from "../admin/referee-command.js";
import type { AppDeps } from "../deps.js";
import { ApiError } from "../errors.js";
import { jsonBody } from "../json-body.js";
import { registerBodySchema } from "../schemas.js";
import { duelView, notificationsView } from "../views.js";

const STATUSES = ["registered", "active", "finished"] as const;

/** A particularity as a registration may name it ("Legilimens", "legilimens", "Mage noir"). */
function particularityId(ruleset: Ruleset, name: string): string {
  const key = normalizeKey(name);
  const found = ruleset.particularities.find((p) =>
    [p.id, p.name, ...p.aliases].some((n) => normalizeKey(n) === key),
  );
  if (!found)
    throw new ApiError(400, "invalid_body", `Particularité inconnue : ${name}.`, [
      { path: "duelists.particularities", message: name },
    ]);
  return found.id;
}

/** Duels and the referee's decisions (CONTRACT.md section 6). */
export function duelRoutes(deps: AppDeps) {
  const app = new Hono();

  const load = async (duelId: string) => {
    const duel = await deps.store.loadDuel(duelId);
    if (!duel) throw new ApiError(404, "duel_not_found", "Duel inconnu.");
    return duel;
  };

  app.post("/", async (c) => {
    const body = await jsonBody(c, registerBodySchema);
    const forum = await deps.store.getForum(body.forumId);
    if (!forum) throw new ApiError(404, "forum_not_found", `Forum inconnu : ${body.forumId}.`);
    if (forum.referees.length > 0 && !forum.referees.some((r) => r.id === body.referee.id)) {
      throw new ApiError(
        400,
        "unknown_referee",
        "Cet arbitre n'est pas un arbitre déclaré du forum (R-1.1).",
      );
    }
    const ruleset = forum.ruleset ?? defaultRuleset;
    const duelId = duelIdOf(body.forumId, body.threadId);
    const duel: RegisterDuel = {
      id: duelId,
      forumId: body.forumId,
      threadId: body.threadId,
      referee: body.referee,
      duelists: body.duelists.map((d) => ({
        id: d.id,
        name: d.name,
        year: d.year,
        particularities: (d.particularities ?? []).map((p) => ({
          name: particularityId(ruleset, p.name),
          rank: p.rank ?? 1,
        })),
        extraSpells: d.extraSpells ?? [],
      })),
      ...(body.firstDuelistId ? { firstDuelistId: body.firstDuelistId } : {}),
      ...(body.replyWindow ? { replyWindow: body.replyWindow } : {}),
      dice: body.dice,
      stakes: body.stakes ?? null,
      ruleset,
    };
    const bans = await deps.store.bansOf(
      body.forumId,
      body.duelists.map((d) => d.id),
    );
    const now = deps.clock.now().toISOString();
    const outcome = await deps.duels.execute(
      duelId,
      { type: "register", now, duel, bans },
      { inputId: "register", forumId: body.forumId },
    );
    if (outcome.result !== "applied")
      throw new ApiError(409, "duel_already_exists", "Un duel existe déjà pour ce fil.");
    // A Forumactif forum sends nothing: its topic is read from now on (CONTRACT.md 4.4).
    await deps.forumactif?.poller.watch(forum, duelId);
    return c.json(duelView(outcome.state), 201);
  });

  app.get("/", async (c) => {
    const status = c.req.query("status");
    if (status !== undefined && !STATUSES.includes(status as (typeof STATUSES)[number])) {
      throw new ApiError(400, "invalid_status", "status vaut registered, active ou finished.");
    }
    const wanted = status ? [status as (typeof STATUSES)[number]] : [...STATUSES];
    const lists = await Promise.all(wanted.map((s) => deps.store.listDuels(s, 100)));
    return c.json({ duels: lists.flat().map((d) => duelView(d.state)) });
  });

  app.get("/:duelId", async (c) => c.json(duelView((await load(c.req.param("duelId"))).state)));

  app.post("/:duelId/commands", async (c) => {
    const body = await jsonBody(c, refereeCommandBodySchema);
    const done = await runRefereeCommand(deps, c.req.param("duelId"), body, c.req.header("idempotency-key"));
    return c.json({ result: done.result, events: done.events, duel: duelView(done.state) });
  });

  app.get("/:duelId/events", async (c) => {
    const duelId = c.req.param("duelId");
    await load(duelId);
    const inputs = await deps.store.listInputs(duelId);
    return c.json({ duelId, events: inputs.flatMap((i) => i.events) });
  });

  app.get("/:duelId/notifications", async (c) => {
    const duelId = c.req.param("duelId");
    await load(duelId);
    return c.json({ duelId, notifications: notificationsView(await deps.store.listOutbox(duelId)) });
  });

  return app;
}
