import { describe, expect, it } from "vitest";
import { readPost } from "../../shared/parsing/read-post.js";
import { countSegments, countWords } from "../../shared/parsing/word-count.js";
import { ctx, FULL_BLOCK, words } from "./context.js";

describe("R-6.3 word count", () => {
  it("R-6.3 counts only the words outside the action block, quotes and code", () => {
    const text = `Alice lève sa baguette.\n[quote="Bob"]Cinq mots cités ici même[/quote]\n${FULL_BLOCK}\n[code]var x = 1[/code]\nElle sourit \`inline code\`.\n> cité en markdown\n\`\`\`\nbloc de code\n\`\`\``;
    expect(countWords(text)).toBe(6);
  });

  it("R-6.3 a post of exactly 99 words is under 100, one of 100 is not", () => {
    expect(readPost(`${words(99)}\n${FULL_BLOCK}`, "bbcode", ctx).words).toBe(99);
    expect(readPost(`${words(100)}\n${FULL_BLOCK}`, "bbcode", ctx).words).toBe(100);
  });

  it("R-6.3 a quoted block's words do not count either", () => {
    const post = `<blockquote>${words(50)}</blockquote><p>${words(99)}</p><p>${FULL_BLOCK.replaceAll("\n", "<br>")}</p>`;
    expect(readPost(post, "html", ctx).words).toBe(99);
  });

  it("R-6.3 markup and entities are not words", () => {
    expect(readPost("[b][color=red]Un[/color][/b] [i]deux[/i]&nbsp;&mdash; trois", "bbcode", ctx).words).toBe(
      3,
    );
    expect(readPost("<p><strong>Un</strong> deux&nbsp;&mdash; trois</p>", "html", ctx).words).toBe(3);
  });

  it("follows the French segmenter: an elided article sticks to its word, a hyphen separates", () => {
    expect(countSegments("l'épée")).toBe(1);
    expect(countSegments("l’arbitre aujourd’hui")).toBe(2);
    expect(countSegments("porte-monnaie")).toBe(2);
    expect(countSegments("« Incendio ! » — 3,5 …")).toBe(2);
  });
});
