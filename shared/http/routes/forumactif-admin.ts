import { Hono } from "hono";
import { ApiError } from "../../errors.js";
import { pingSnippet } from "../../forumactif/ping-snippet.js";
import type { PollResult } from "../../forumactif/poller.js";
import { forumactifSource, isWatched } from "../../forumactif/watched.js";
import { errorTexts } from "../../texts/errors.js";
import type { AppDeps, ForumactifDeps } from "../deps.js";
import { parseForumId } from "../webhook-schemas.js";

/**
 * `POST /forums/{forumId}/poll` (admin, CONTRACT.md 4.4): reads every watched topic of the forum
 * now, one after the other (the board's host takes one request at a time anyway).
 */
export function forumactifAdminRoutes(deps: AppDeps, forumactif: ForumactifDeps) {
  const app = new Hono();
  app.post("/:forumId/poll", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    const forum = await deps.store.getForum(forumId);
    if (!forum) throw new ApiError(404, "forum_not_found", errorTexts.forum_not_found);
    if (!forumactifSource(forum)) throw new ApiError(409, "not_forumactif", errorTexts.not_forumactif);
    const [registered, active] = await Promise.all([
      deps.store.listDuels("registered"),
      deps.store.listDuels("active"),
    ]);
    const watched = [...registered, ...active].filter(
      (d) => d.state.forumId === forumId && isWatched(d.state.status),
    );
    const results: PollResult[] = [];
    for (const duel of watched) results.push(await forumactif.poller.poll(duel.duelId, "admin"));
    const sum = (kind: keyof PollResult["posts"]) => results.reduce((n, r) => n + r.posts[kind], 0);
    return c.json({
      polled: results.filter((r) => r.status === "read" || r.status === "unchanged").length,
      failed: results.filter((r) => r.status === "failed").length,
      posts: { created: sum("created"), edited: sum("edited"), deleted: sum("deleted") },
    });
  });
  return app;
}

/**
 * `GET /forumactif/ping.js?forum=<forumId>`: the script a board's admin adds in Forumactif's
 * JavaScript management, on topic pages (README, « Forumactif »).
 */
export function forumactifSnippetRoute(publicUrl?: string) {
  const app = new Hono();
  const origin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.get("/ping.js", (c) => {
    const forumId = parseForumId(c.req.query("forum") ?? "");
    c.header("Content-Type", "application/javascript; charset=utf-8");
    // The address comes from the deployment, never from the request's Host: a shared cache would
    // otherwise keep, for every board, a script pointing wherever one request's Host said. Without
    // a configured address (a bare local app), the request's own is used and nothing is cached.
    c.header("Cache-Control", origin ? "public, max-age=3600" : "no-store");
    return c.body(pingSnippet(origin ?? new URL(c.req.url).origin, forumId));
  });
  return app;
}
