import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPost } from "../../shared/parsing/read-post.js";
import { readRefereeCommands } from "../../shared/parsing/referee-commands.js";
import type { PostFormat } from "../../shared/parsing/types.js";
import { ctx } from "./context.js";

const FORMATS: readonly PostFormat[] = ["bbcode", "html", "markdown", "text"];

/** Pieces of real posts, so that random strings hit the parsers' branches, not only plain text. */
const PIECES = [
  "[duel]",
  "[/duel]",
  "[arbitre]",
  "[/arbitre]",
  "[quote]",
  '[quote="Bob"]',
  "[/quote]",
  "[code]",
  "[/code]",
  "```",
  "`",
  "> ",
  "\n",
  "\r\n",
  "<p>",
  "</p>",
  "<br>",
  "<blockquote>",
  "</blockquote>",
  '<aside class="quote">',
  "</aside>",
  "<pre>",
  "<script>",
  "<!--",
  '<a href="',
  "&nbsp;",
  "&#x110000;",
  "&#0;",
  "&eacute;",
  "&",
  "Sort : ",
  "Cible : ",
  "Zone :",
  "Pari : ",
  "Particularité : ",
  "Action : ",
  "Incendio",
  "Feu et Glace",
  "Legilimens",
  "récupérer sa baguette",
  "Alice",
  "Bob Martin",
  "top",
  "correction 1",
  "texte : ",
  "dérogation Bob 3 jours",
  "points Bob -3",
  "fin nul",
  "raison : ",
  "[color=red]",
  "[/color]",
  "**",
  "_",
  "\\",
  "(",
  ")",
  " + ",
  "\u00a0",
  "\u202f",
  "\ud800",
];

const postText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc
    .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 })), { maxLength: 60 })
    .map((parts) => parts.join("")),
);

describe("readPost on arbitrary input", () => {
  it("never throws, in every format, and its counts are consistent", () => {
    fc.assert(
      fc.property(postText, fc.constantFrom(...FORMATS), (content, format) => {
        const read = readPost(content, format, ctx);
        expect(read.words).toBeGreaterThanOrEqual(0);
        expect(read.blockCount).toBeGreaterThanOrEqual(0);
        expect(read.block === null).toBe(read.blockCount === 0);
      }),
      { numRuns: 2000 },
    );
  });

  it("readRefereeCommands never throws either", () => {
    fc.assert(
      fc.property(postText, fc.constantFrom(...FORMATS), (content, format) => {
        for (const line of readRefereeCommands(`[arbitre]${content}[/arbitre]`, format, ctx)) {
          expect(typeof line.text).toBe("string");
        }
      }),
      { numRuns: 2000 },
    );
  });
});
