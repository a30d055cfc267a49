import { Hono } from "hono";
import * as z from "zod";
import { previewSource } from "../../app/source-preview.js";
import type { PollResult } from "../../app/topic-poller.js";
import { ApiError } from "../../errors.js";
import { pingSnippet } from "../../forumactif/ping-snippet.js";
import { tourSnippet } from "../../forumactif/tour-snippet.js";
import { forumactifSource, isWatched } from "../../forumactif/watched.js";
import { errorTexts } from "../../texts/errors.js";
import { requireForumAdmin } from "../access.js";
import type { AppDeps, ForumactifDeps } from "../deps.js";
import { jsonBody } from "../json-body.js";
import type { AuthEnv } from "../principal.js";
import { parseForumId } from "../webhook-schemas.js";

/** `POST /forums/{forumId}/source/preview`'s body: a topic's id or its address on the board. */
export const sourcePreviewBodySchema = z.object({ topic: z.string().trim().min(1).max(500) }).strict();

/**
 * `POST /forums/{forumId}/poll` (admin, CONTRACT.md 4.4): reads every watched topic of the forum
 * now, one after the other (the board's host takes one request at a time anyway). Topics left
 * unread because the board's host still rests after a 429 or 5xx are neither read nor failed: the
 * answer's `resting` says until when.
 * `POST /forums/{forumId}/source/preview` (the forum's admin): reads one topic now, stores nothing.
 */
export function forumactifAdminRoutes(deps: AppDeps, forumactif: ForumactifDeps) {
  const app = new Hono<AuthEnv>();
  app.post("/:forumId/source/preview", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    requireForumAdmin(c.get("principal"), forumId);
    const { topic } = await jsonBody(c, sourcePreviewBodySchema);
    const forum = await deps.store.getForum(forumId);
    if (!forum) throw new ApiError(404, "forum_not_found", errorTexts.forum_not_found);
    const preview = await previewSource({ ...forumactif, clock: deps.clock }, forum, topic);
    return c.json(preview);
  });
  app.post("/:forumId/poll", async (c) => {
    const forumId = parseForumId(c.req.param("forumId"));
    // Each watched topic costs the board a request: its admins decide when, not its referees.
    requireForumAdmin(c.get("principal"), forumId);
    const forum = await deps.store.getForum(forumId);
    if (!forum) throw new ApiError(404, "forum_not_found", errorTexts.forum_not_found);
    if (!forumactifSource(forum)) throw new ApiError(409, "not_forumactif", errorTexts.not_forumactif);
    const [registered, active] = await Promise.all([
      deps.store.listDuels(forumId, "registered"),
      deps.store.listDuels(forumId, "active"),
    ]);
    const watched = [...registered, ...active].filter((d) => isWatched(d.state.status));
    const results: PollResult[] = [];
    for (const duel of watched) results.push(await forumactif.poller.poll(duel.duelId, "admin"));
    const sum = (kind: keyof PollResult["posts"]) => results.reduce((n, r) => n + r.posts[kind], 0);
    const resting = results.reduce<string | undefined>(
      (latest, r) =>
        r.resting !== undefined && (latest === undefined || r.resting > latest) ? r.resting : latest,
      undefined,
    );
    return c.json({
      polled: results.filter((r) => r.status === "read" || r.status === "unchanged").length,
      failed: results.filter((r) => r.status === "failed").length,
      posts: { created: sum("created"), edited: sum("edited"), deleted: sum("deleted") },
      ...(resting === undefined ? {} : { resting }),
    });
  });
  return app;
}

/**
 * `GET /forumactif/ping.js?forum=<forumId>`: the script a board's admin adds in Forumactif's
 * JavaScript management, on topic pages (docs/guide-forumactif.md, step 9).
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
  // `GET /forumactif/tour.js?forum=<forumId>` (CONTRACT.md 9): the reply editor filled with a prepared turn.
  app.get("/tour.js", (c) => {
    const forumId = parseForumId(c.req.query("forum") ?? "");
    c.header("Content-Type", "application/javascript; charset=utf-8");
    c.header("Cache-Control", origin ? "public, max-age=3600" : "no-store");
    return c.body(tourSnippet(origin ?? new URL(c.req.url).origin, forumId));
  });
  return app;
}
