import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../infra/cdk/paths.js";
import { ForumactifPageError } from "../../shared/errors.js";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import { forumactifTexts } from "../../shared/texts/forumactif.js";
import { sourcePreviewTexts } from "../../shared/texts/source-preview.js";

/**
 * The two more pages served by live boards (`../shared/fixtures/README.md` holds their truth), read
 * where the project's shared folder keeps them: never copied into the repository.
 */
const SHARED = process.env.SHARED_DIR ?? join(PROJECT_ROOT, "..", "shared");

function realPage(name: string): string {
  const file = join(SHARED, "fixtures/forumactif-real", name);
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`the real board's page is missing at ${file} (set SHARED_DIR): ${String(error)}`);
  }
}

describe("CONTRACT 4.4 a German Forumotion topic (Invision base, its profile column customised)", () => {
  const html = realPage("wolfsrebellen-netz-forumieren-com_t7-forums-regeln.html");
  // Read as a guest around February 2020, board time Europe/Berlin (the same offsets as Paris).
  const page = readTopicPage(html, { timeZone: "Europe/Berlin", now: "2020-02-15T12:00:00.000Z" });

  it("CONTRACT 4.4 every post's author is the member's name, never the rank their profile column shows", () => {
    expect(page.posts.map((p) => [p.postId, p.authorName, p.createdAt])).toEqual([
      ["7", "lupa", new Date("2013-10-26T15:48:00+02:00").toISOString()],
      ["655", "lupa", new Date("2014-05-26T07:41:00+02:00").toISOString()],
      ["702", "lupa", new Date("2014-05-30T23:17:00+02:00").toISOString()],
    ]);
    expect(page.posts.map((p) => p.authorName)).not.toContain("admina");
    // The sponsored block is no post, and no post is left unread.
    expect(page.unreadable).toEqual([]);
  });

  it("CONTRACT 4.4 the topic's title is read from the page when no h1 holds it", () => {
    expect(page.topicId).toBe("7");
    expect(page.title).toBe("Forums-Regeln");
  });

  it("CONTRACT 4.4 a post whose message starts with a date is dated by its header, not its text", () => {
    const last = page.posts.find((p) => p.postId === "702");
    expect(fragmentStart(last?.html ?? "")).toMatch(/^30\.05\.2014 23:07:56/);
    expect(last?.createdAt).toBe(new Date("2014-05-30T23:17:00+02:00").toISOString());
  });
});

/** The message's first words, tags left out. */
function fragmentStart(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("CONTRACT 4.4 a board's portal is no topic page", () => {
  it("CONTRACT 4.4 the portal reads no post and is said to be no topic, in French", () => {
    const html = realPage("lesetoilesdelahorde-forumactif-org_portail.html");
    let caught: unknown;
    try {
      readTopicPage(html, { timeZone: "Europe/Paris", now: "2023-09-15T12:00:00.000Z" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ForumactifPageError);
    expect((caught as ForumactifPageError).code).toBe("not_a_topic");
    expect(forumactifTexts.pageError.not_a_topic).toBe(
      "la page lue n'est pas un sujet du forum (un portail, un index ou une section)",
    );
    expect(sourcePreviewTexts.page.not_a_topic).toMatch(/^la page n'est pas un sujet du forum/);
  });
});
