import { Hono } from "hono";
import * as z from "zod/mini";
import { liftBan } from "../../app/ban-lift.js";
import { saveForum } from "../../app/forum-save.js";
import { ApiError } from "../../errors.js";
import { sourceView } from "../../forumactif/source-settings.js";
import { servesOf } from "../../hiboux/routing.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { errorTexts } from "../../texts/errors.js";
import { requireForum, requireForumAdmin, requireOperator } from "../access.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../json-body.js";
import { type AuthEnv, decidedBy } from "../principal.js";
import { forumBodySchema } from "../schemas.js";
import { parseForumId, parseUserId } from "../webhook-schemas.js";

/** The body of a ban lifted alone: its reason, recorded with who lifted it. */
export const banLiftSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
});

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
    announceRules: forum.announceRules === true,
    bot: forum.bot ? { type: forum.bot.type } : null,
    referees: forum.referees,
    // Whom each channel serves as routing reads it (the default when the channel says nothing).
    notify: forum.notify.map((n) => ({
      type: n.type,
      serves: servesOf(n),
      ...(n.refereeId === undefined ? {} : { refereeId: n.refereeId }),
      ...(n.kinds === undefined ? {} : { kinds: n.kinds }),
    })),
    ruleset: forum.ruleset ? { name: forum.ruleset.name, custom: true } : { custom: false },
    ...(forum.source ? { source: sourceView(forum.source) } : {}),
    seasons: forum.seasons ?? [],
    club: { public: forum.club?.public !== false, boardOrigins: forum.club?.boardOrigins ?? [] },
    createdAt: forum.createdAt,
    updatedAt: forum.updatedAt,
  };
}

/**
 * `PUT /forums/{forumId}` and `GET /forums/{forumId}` (CONTRACT.md section 3): the operator creates
 * forums; a forum's admin changes its settings; its people read them (3.1).
 */
export function forumRoutes(deps: AppDeps) {
  const app = new Hono<AuthEnv>();
  app.put("/:forumId", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const principal = c.get("principal");
    requireForumAdmin(principal, forumId);
    const body = await jsonBody(c, forumBodySchema);
    const { forum, created } = await saveForum(deps, forumId, body, () => requireOperator(principal));
    return c.json(forumView(forum), created ? 201 : 200);
  });
  // A ban lifted alone by the forum's admin or the operator (R-7.1; CONTRACT.md 6): 403 for a referee.
  app.delete("/:forumId/bans/:duelistId", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const duelistId = parseUserId(c.req.param("duelistId"));
    const principal = c.get("principal");
    requireForumAdmin(principal, forumId);
    const { reason } = await jsonBody(c, banLiftSchema);
    const done = await liftBan(deps, { forumId, duelistId, reason, who: decidedBy(principal) });
    return c.json({ duelistId, bannedUntil: null, lifted: done.lifted });
  });
  app.get("/:forumId", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    requireForum(c.get("principal"), forumId);
    const forum = await deps.store.getForum(forumId);
    if (!forum) throw new ApiError(404, "forum_not_found", errorTexts.forum_not_found);
    return c.json(forumView(forum));
  });
  return app;
}
