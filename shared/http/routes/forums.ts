import { Hono } from "hono";
import type { ForumConfig } from "../../ports/duel-store.js";
import { loadRuleset } from "../../rules/ruleset.js";
import type { AppDeps } from "../deps.js";
import { ApiError } from "../errors.js";
import { jsonBody } from "../json-body.js";
import { forumBodySchema } from "../schemas.js";
import { parseForumId } from "../webhook-schemas.js";

/** A forum's configuration with its secrets replaced by whether they are set. */
export function forumView(forum: ForumConfig) {
  return {
    forumId: forum.forumId,
    name: forum.name,
    webhookSecrets: {
      generic: forum.webhookSecrets.generic !== undefined,
      discourse: forum.webhookSecrets.discourse !== undefined,
      xenforo: forum.webhookSecrets.xenforo !== undefined,
    },
    announce: forum.announce ?? "none",
    bot: forum.bot ? { type: forum.bot.type } : null,
    referees: forum.referees,
    notify: forum.notify.map((n) => ({ type: n.type })),
    ruleset: forum.ruleset ? { name: forum.ruleset.name, custom: true } : { custom: false },
    createdAt: forum.createdAt,
    updatedAt: forum.updatedAt,
  };
}

/** `PUT /forums/{forumId}` and `GET /forums/{forumId}` (CONTRACT.md section 3). */
export function forumRoutes(deps: AppDeps) {
  const app = new Hono();
  app.put("/:forumId", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const body = await jsonBody(c, forumBodySchema);
    const ruleset = body.ruleset === undefined ? undefined : loadRuleset(body.ruleset);
    const existing = await deps.store.getForum(forumId);
    const now = deps.clock.now().toISOString();
    const forum: ForumConfig = {
      forumId,
      name: body.name,
      webhookSecrets: body.webhookSecrets,
      referees: body.referees,
      notify: body.notify,
      ...(body.announce ? { announce: body.announce } : {}),
      ...(body.bot ? { bot: body.bot } : {}),
      ...(ruleset ? { ruleset } : {}),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    await deps.store.putForum(forum);
    return c.json(forumView(forum), existing ? 200 : 201);
  });
  app.get("/:forumId", async (c) => {
    const forum = await deps.store.getForum(parseForumId(c.req.param("forumId")));
    if (!forum) throw new ApiError(404, "forum_not_found", "Forum inconnu.");
    return c.json(forumView(forum));
  });
  return app;
}
