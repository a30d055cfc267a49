import { Hono } from "hono";
import type { ForumConfig } from "../../ports/duel-store.js";
import type { ChannelConfig } from "../../ports/notifier.js";
import { loadRuleset } from "../../rules/ruleset.js";
import { channelUrlProblem, PUBLIC_ONLY } from "../../validation/channel-urls.js";
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
    },
    referees: forum.referees,
    notify: forum.notify.map((n) => ({ type: n.type })),
    ruleset: forum.ruleset ? { name: forum.ruleset.name, custom: true } : { custom: false },
    createdAt: forum.createdAt,
    updatedAt: forum.updatedAt,
  };
}

/**
 * Refuses, with 400 naming the field, a channel that would send hiboux anywhere but `https` to a
 * public host (Discord's hosts for `discord`); loopback too where the composition allows it.
 */
function checkChannelUrls(channels: readonly ChannelConfig[], deps: AppDeps): void {
  const policy = deps.channelDestinations ?? PUBLIC_ONLY;
  const details = channels.flatMap((channel, i) => {
    if (channel.type === "log") return [];
    const [field, url] =
      channel.type === "discourse" || channel.type === "forumactif"
        ? ["baseUrl", channel.baseUrl]
        : ["url", channel.url];
    const problem = channelUrlProblem(channel.type, url, policy);
    return problem === undefined ? [] : [{ path: `notify.${i}.${field}`, message: problem }];
  });
  if (details.length > 0)
    throw new ApiError(
      400,
      "invalid_body",
      `Canal de notification refusé (${details.map((d) => d.path).join(", ")}) : ${details[0]?.message}.`,
      details,
    );
}

/** `PUT /forums/{forumId}` and `GET /forums/{forumId}` (CONTRACT.md section 3). */
export function forumRoutes(deps: AppDeps) {
  const app = new Hono();
  app.put("/:forumId", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const body = await jsonBody(c, forumBodySchema);
    checkChannelUrls(body.notify, deps);
    const ruleset = body.ruleset === undefined ? undefined : loadRuleset(body.ruleset);
    const existing = await deps.store.getForum(forumId);
    const now = deps.clock.now().toISOString();
    const forum: ForumConfig = {
      forumId,
      name: body.name,
      webhookSecrets: body.webhookSecrets,
      referees: body.referees,
      notify: body.notify,
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
