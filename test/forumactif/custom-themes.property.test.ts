import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import { TEMPLATE_VERSIONS } from "../../shared/forumactif/types.js";
import { expectedPosts, themedPage } from "../fixtures/forumactif-themes/page.js";
import {
  SAMPLE_ENTRIES,
  THEME_AUTHORS,
  THEME_DATES,
  THEME_MESSAGES,
  THEME_READ,
  THEME_TOPIC,
  THEMES,
  type ThemeEntry,
} from "../fixtures/forumactif-themes/themes.js";

/** A failure prints its seed; FC_SEED=<seed> replays that run. */
const SEED = process.env.FC_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FC_SEED);

const entries: fc.Arbitrary<ThemeEntry[]> = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          author: fc.constantFrom(...THEME_AUTHORS),
          date: fc.constantFrom(...THEME_DATES),
          message: fc.constantFrom(...THEME_MESSAGES),
        }),
      },
      { weight: 1, arbitrary: fc.constant("ad" as const) },
    ),
    { minLength: 1, maxLength: 10 },
  )
  .filter((drawn) => drawn.some((d) => d !== "ad"))
  .map((drawn) =>
    drawn.map(
      (d, index): ThemeEntry =>
        d === "ad" ? { kind: "ad" } : { kind: "post", postId: String(1092 + index * 7), ...d },
    ),
  );

describe("customised role-play themes inside any version's page chrome", () => {
  for (const theme of THEMES) {
    it(`${theme.name}: a guest, an ad between posts, a year-less date and an old first post`, () => {
      const fixed = SAMPLE_ENTRIES;
      for (const template of TEMPLATE_VERSIONS) {
        const page = readTopicPage(themedPage(theme, fixed, template), THEME_READ);
        expect(page.template, template).toBe("custom");
        expect(page.topicId).toBe(THEME_TOPIC.topicId);
        expect(page.unreadable, template).toEqual([]);
        expect(
          page.posts.map(({ edited: _, ...p }) => p),
          template,
        ).toEqual(expectedPosts(fixed));
      }
    });
  }

  it(`property (FC_SEED replays a run): any theme, any posts and ads, any version's chrome read the same posts`, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...THEMES),
        entries,
        fc.constantFrom(...TEMPLATE_VERSIONS),
        (theme, drawn, template) => {
          const page = readTopicPage(themedPage(theme, drawn, template), THEME_READ);
          expect(page.unreadable).toEqual([]);
          expect(page.posts.map(({ edited: _, ...p }) => p)).toEqual(expectedPosts(drawn));
          expect(page.posts.map((p) => p.postId)).not.toContain("0");
          expect(page.posts.map((p) => p.authorName)).not.toContain("Contenu sponsorisé");
        },
      ),
      { numRuns: 100, seed: SEED },
    );
  });
});

describe("a message holding a bare <div> in a theme of its own", () => {
  // The default templates wrap the message in a bare `<div>`; a theme that writes the message
  // straight into its element may hold a duelist's own `<div>` (HTML allowed in posts), which must
  // not be taken for that wrapper, or the rest of the message (an action block) would be lost.
  it("keeps the text around it", () => {
    const message = "Intro <div>au centre</div> [duel]Sort : Rictusempra[/duel]";
    for (const theme of THEMES) {
      const [author, date] = [THEME_AUTHORS[0], THEME_DATES[0]];
      if (author === undefined || date === undefined) throw new Error("fixtures");
      const html = themedPage(theme, [{ kind: "post", postId: "7", author, date, message }], "modernbb");
      expect(readTopicPage(html, THEME_READ).posts[0]?.html, theme.name).toBe(message);
    }
  });
});
