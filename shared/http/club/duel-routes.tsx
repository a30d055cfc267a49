import type { Context } from "hono";
import { Hono } from "hono";
import { clubTimeZone } from "../../app/club.js";
import { publicDuel, publicDuelCard } from "../../app/duel-card.js";
import type { TourData } from "../../browser/tour-page.js";
import { tourScript } from "../../browser/tour-script.js";
import { currentTurn, type Duel } from "../../domain/state.js";
import { ApiError } from "../../errors.js";
import type { PostFormat } from "../../parsing/types.js";
import type { DuelRepository } from "../../ports/duel-repository.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { duelName } from "../../texts/format.js";
import { parseDuelId, parseForumId } from "../webhook-schemas.js";
import { CardPage, DUEL_CSS, TourPage } from "./duel-pages.js";
import { RefusalPage } from "./pages.js";
import { boardOrigins } from "./routes.js";

interface DuelPageDeps {
  readonly store: Pick<DuelRepository, "loadForumAndDuel" | "listInputs">;
  readonly clock: { now(): Date };
}

/** The card follows the duel within a minute (CONTRACT.md 9): it reloads itself every 30 s. */
export const CARD_REFRESH_SECONDS = 30;
const CARD_CACHE = `public, max-age=${CARD_REFRESH_SECONDS}`;

/**
 * The pages' CSP: this origin's stylesheets (and, for the turn's page, its script) only, framed by
 * the forum's board origins alone (as the club's embed, CONTRACT.md 8).
 */
function pageHeaders(c: Context, frameAncestors: readonly string[], script: boolean): void {
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(" ") : "'none'";
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'self'; img-src 'self' data:;${script ? " script-src 'self';" : ""} base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`,
  );
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  if (frameAncestors.length === 0) c.header("X-Frame-Options", "DENY");
}

function refusalPage(c: Context, error: ApiError) {
  pageHeaders(c, [], false);
  c.header("Cache-Control", "no-store");
  return c.html(`<!doctype html>${<RefusalPage message={error.message} />}`, error.status as 404);
}

/** How the forum's posts are written, for the word count of the prepared post (R-6.3). */
function formatOf(forum: ForumConfig): PostFormat {
  return forum.bot?.type === "discourse" ? "markdown" : "bbcode";
}

/** The duel as the turn's page needs it: the post marks left out (a prepared post is none of them). */
function tourData(state: Duel, forum: ForumConfig, now: string, asked: string | undefined): TourData {
  const ids = state.duelists.map((d) => d.id);
  const duelistId =
    asked && ids.includes(asked) ? asked : (currentTurn(state)?.duelistId ?? state.duelists[0]?.id ?? null);
  return { state: { ...state, posts: {} }, format: formatOf(forum), now, duelistId };
}

const params = (c: Context) => ({
  forumId: parseForumId(c.req.param("forumId") ?? ""),
  duelId: parseDuelId(c.req.param("duelId") ?? ""),
});

/**
 * The duel in the board (CONTRACT.md 9), no credential, public when the club is: the duel's card
 * (`GET /club/{forumId}/duels/{duelId}`, and as JSON `GET /forums/{forumId}/duels/{duelId}/card`),
 * the turn's page (`…/tour`) and its script. Mounted before the authenticated `/forums/*`.
 */
export function duelPageRoutes(deps: DuelPageDeps): Hono {
  const app = new Hono();
  app.get("/club/duel.css", (c) => {
    c.header("Content-Type", "text/css; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(DUEL_CSS);
  });
  app.get("/club/tour-page.js", async (c) => {
    c.header("Content-Type", "application/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(await tourScript());
  });
  app.get("/forums/:forumId/duels/:duelId/card", async (c) => {
    const { forumId, duelId } = params(c);
    const { card } = await publicDuelCard(deps, forumId, duelId);
    c.header("Cache-Control", CARD_CACHE);
    return c.json(card);
  });
  app.get("/club/:forumId/duels/:duelId", async (c) => {
    try {
      const { forumId, duelId } = params(c);
      const { card, forum } = await publicDuelCard(deps, forumId, duelId);
      pageHeaders(c, boardOrigins(forum), false);
      c.header("Cache-Control", CARD_CACHE);
      const embed = c.req.query("embed") !== undefined;
      const timeZone = clubTimeZone(forum);
      return c.html(
        `<!doctype html>${<CardPage card={card} embed={embed} refresh={CARD_REFRESH_SECONDS} timeZone={timeZone} />}`,
      );
    } catch (error) {
      if (error instanceof ApiError) return refusalPage(c, error);
      throw error;
    }
  });
  app.get("/club/:forumId/duels/:duelId/tour", async (c) => {
    try {
      const { forumId, duelId } = params(c);
      const { forum, state } = await publicDuel(deps.store, forumId, duelId);
      pageHeaders(c, boardOrigins(forum), true);
      // The duel as it is now: a turn is prepared on the latest state, never a cached one.
      c.header("Cache-Control", "no-store");
      const now = deps.clock.now().toISOString();
      const data = state.status === "finished" ? null : tourData(state, forum, now, c.req.query("duelist"));
      const title = duelName(state.duelists.map((d) => d.name));
      const embed = c.req.query("embed") !== undefined;
      return c.html(`<!doctype html>${<TourPage title={title} data={data} embed={embed} />}`);
    } catch (error) {
      if (error instanceof ApiError) return refusalPage(c, error);
      throw error;
    }
  });
  return app;
}
