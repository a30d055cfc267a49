import type { Context } from "hono";
import { Hono } from "hono";
import { clubCsv, clubTimeZone, publicClub } from "../../app/club.js";
import { ApiError } from "../../errors.js";
import type { ClubStore } from "../../ports/club-store.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { defaultRuleset } from "../../rules/default-ruleset.js";
import { errorTexts } from "../../texts/errors.js";
import { rulesInFrench, rulesTexts } from "../../texts/rules.js";
import { addressKey } from "../admin/login-throttle.js";
import { AddressBudget } from "../ping-limiter.js";
import { parseForumId } from "../webhook-schemas.js";
import { CLUB_CSS, ClubEmbed, ClubPage, RefusalPage } from "./pages.js";
import { RulesPage } from "./rules-page.js";

interface ClubDeps {
  readonly store: ClubStore;
  readonly clock: { now(): Date };
}

/** Club pages one address may read a minute (far more than a reader clicks through). */
const PAGES_PER_ADDRESS = 60;

/** Public records change with each duel's end: a minute of cache spares the table a crowd. */
const PUBLIC_CACHE = "public, max-age=60";

/**
 * The pages' CSP: this origin's stylesheet only, no script, links out to the board. A frame is
 * allowed only by the embed, and only from the forum's own board.
 */
function pageHeaders(c: Context, frameAncestors: readonly string[]): void {
  const ancestors = frameAncestors.length > 0 ? frameAncestors.join(" ") : "'none'";
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`,
  );
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  if (frameAncestors.length === 0) c.header("X-Frame-Options", "DENY");
  c.header("Cache-Control", PUBLIC_CACHE);
}

/**
 * The origins of the forum's board, the only ones that may frame the embed (CONTRACT.md 8): those
 * the club declares (`club.boardOrigins`), and those its settings name as the board's own address
 * (its Forumactif source, its bot, a Discourse or Forumactif channel), whatever its software.
 */
export function boardOrigins(forum: ForumConfig): string[] {
  const bot = forum.bot && "baseUrl" in forum.bot ? forum.bot.baseUrl : undefined;
  const channels = forum.notify.map((channel) =>
    channel.type === "discourse" || channel.type === "forumactif" ? channel.baseUrl : undefined,
  );
  const urls = [...(forum.club?.boardOrigins ?? []), forum.source?.baseUrl, bot, ...channels].filter(
    (u): u is string => typeof u === "string",
  );
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const origin = new URL(url).origin;
      if (origin.startsWith("https://") || origin.startsWith("http://")) origins.add(origin);
    } catch {
      // A stored URL was validated at save: one that does not parse frames nothing.
    }
  }
  return [...origins];
}

function seasonOf(c: Context): string | undefined {
  const season = c.req.query("season");
  return season === undefined || season === "" ? undefined : season.slice(0, 100);
}

/** A refusal as a page: the same code and French message as the JSON answer. */
function refusalPage(c: Context, error: ApiError) {
  pageHeaders(c, []);
  c.header("Cache-Control", "no-store");
  return c.html(`<!doctype html>${<RefusalPage message={error.message} />}`, error.status as 404);
}

/**
 * The club's public records (CONTRACT.md 8), no credential: `GET /forums/{forumId}/club` (JSON)
 * and `/club.csv`, `GET /club/{forumId}` (page) and `/embed`. Mounted before the authenticated
 * routes, whose `/forums/*` they would otherwise fall under. And the club's rules in French,
 * `GET /regles` (the default ruleset) and `GET /regles/{forumId}` (the forum's): public whether or
 * not its records are, a duelist must be able to read them; they name nobody.
 */
export function clubRoutes(deps: ClubDeps, budget = new AddressBudget(PAGES_PER_ADDRESS, 60_000)): Hono {
  const app = new Hono();
  // Every public page read costs its reader's address: a crawler or a flood waits, the table rests.
  const limited = async (c: Context, next: () => Promise<void>) => {
    const wait = budget.spend(addressKey(c));
    if (wait > 0) {
      c.header("Retry-After", String(Math.ceil(wait / 1000)));
      throw new ApiError(429, "too_many_requests", errorTexts.too_many_club_pages);
    }
    await next();
  };
  app.use("/forums/:forumId/club", limited);
  app.use("/forums/:forumId/club.csv", limited);
  // `/club/:forumId/*` covers the page itself too (Hono's wildcard matches the bare path).
  app.use("/club/:forumId/*", limited);
  app.use("/regles/:forumId", limited);
  app.get("/forums/:forumId/club", async (c) => {
    const { view } = await publicClub(deps, parseForumId(c.req.param("forumId")), seasonOf(c));
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json(view);
  });
  app.get("/forums/:forumId/club.csv", async (c) => {
    const { view, forum } = await publicClub(deps, parseForumId(c.req.param("forumId")), seasonOf(c));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header(
      "Content-Disposition",
      `attachment; filename="club-${view.forum.id}-${view.season.name.replace(/[^\w-]+/g, "_")}.csv"`,
    );
    c.header("Cache-Control", PUBLIC_CACHE);
    // A byte-order mark: spreadsheets then read the accents as UTF-8.
    return c.body(`\uFEFF${clubCsv(view, clubTimeZone(forum))}`);
  });
  app.get("/club/style.css", (c) => {
    c.header("Content-Type", "text/css; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(CLUB_CSS);
  });
  app.get("/club/:forumId", async (c) => {
    try {
      const { view, forum } = await publicClub(deps, parseForumId(c.req.param("forumId")), seasonOf(c));
      pageHeaders(c, []);
      return c.html(`<!doctype html>${<ClubPage view={view} timeZone={clubTimeZone(forum)} />}`);
    } catch (error) {
      if (error instanceof ApiError) return refusalPage(c, error);
      throw error;
    }
  });
  app.get("/club/:forumId/embed", async (c) => {
    try {
      const { view, forum } = await publicClub(deps, parseForumId(c.req.param("forumId")), seasonOf(c));
      pageHeaders(c, boardOrigins(forum));
      return c.html(`<!doctype html>${<ClubEmbed view={view} timeZone={clubTimeZone(forum)} />}`);
    } catch (error) {
      if (error instanceof ApiError) return refusalPage(c, error);
      throw error;
    }
  });
  app.get("/regles", (c) => {
    pageHeaders(c, []);
    const heading = rulesTexts.ruleset(defaultRuleset.name);
    return c.html(
      `<!doctype html>${<RulesPage sections={rulesInFrench(defaultRuleset)} heading={heading} />}`,
    );
  });
  app.get("/regles/:forumId", async (c) => {
    try {
      const forum = await deps.store.clubForum(parseForumId(c.req.param("forumId")));
      if (!forum) throw new ApiError(404, "forum_not_found", rulesTexts.forumNotFound);
      const ruleset = forum.ruleset ?? defaultRuleset;
      pageHeaders(c, []);
      const heading = rulesTexts.forumRuleset(forum.name, ruleset.name);
      return c.html(`<!doctype html>${<RulesPage sections={rulesInFrench(ruleset)} heading={heading} />}`);
    } catch (error) {
      if (error instanceof ApiError) return refusalPage(c, error);
      throw error;
    }
  });
  return app;
}
