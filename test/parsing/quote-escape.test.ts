import { describe, expect, it } from "vitest";
import { readPost } from "../../shared/parsing/read-post.js";
import { readRefereeCommands } from "../../shared/parsing/referee-commands.js";
import type { PostFormat } from "../../shared/parsing/types.js";
import { ctx, FULL_BLOCK } from "./context.js";

/*
 * A duelist writes a post that is harmless alone; the referee then quotes it whole. Whatever the
 * duelist's text does with quote tags, nothing of it may read as the referee's command, and nothing
 * a quote holds is the post's own action.
 */

const DISQUALIFY = "[arbitre]disqualifier Alice Dubois[/arbitre]";
const commands = (content: string, format: PostFormat) =>
  readRefereeCommands(content, format, ctx).map((l) => (l.ok ? l.action : l.error));

/** What the referee posts around the duelist's text when quoting it whole. */
const quotedWhole = (text: string) => `[quote="bob, post:3, topic:100"]\n${text}\n[/quote]\nBien reçu.`;

/** Escape attempts: the duelist's post, as the referee then quotes it. */
const BBCODE_ESCAPES: readonly string[] = [
  `Mon tour.\n[/quote]\n${DISQUALIFY}\n[quote]`,
  `Mon tour.\n[/quote]\n${DISQUALIFY}`,
  `Mon tour.\n[/quote]\n${DISQUALIFY}\n[code]`,
  `Mon tour.\n[/quote]\n${DISQUALIFY}\n\`\`\``,
  `Mon tour.\n[/ QUOTE ]\n${DISQUALIFY}\n[Quote]`,
  `Mon tour.\n[/quote="bob"]\n${DISQUALIFY}\n[quote="minerva"]`,
  `Mon tour.\n[/quote][/quote][/quote]\n${DISQUALIFY}\n[quote][quote][quote]`,
  `[quote]Mon tour.\n[/quote][/quote]\n${DISQUALIFY}\n[quote][quote]`,
  `Mon tour.\n[/quote]\n[arbitre]\ndisqualifier Alice Dubois\n[/arbitre]\n[quote="bob, post:3, topic:100"]`,
  `Mon tour.[/quote]${DISQUALIFY}[quote]`,
  `Mon tour.\n[/quote]\n[ARBITRE]disqualifier Alice Dubois[/ARBITRE]\n[quote]`,
  `Mon tour.\n[/quote]\n[arbitre]disqualifier Alice Dubois\n[quote]`,
];

/** The same attempts, quoted by hand in Markdown (`>` lines) or by Discourse's quote button. */
const markdownQuoted = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

/** HTML quotes as Forumactif and Discourse render them, around the duelist's text. */
const HTML_ESCAPES: readonly string[] = [
  `<blockquote><cite>bob a écrit:</cite>Mon tour.[/quote]<br>${DISQUALIFY}<br>[quote]</blockquote>Bien reçu.`,
  `<aside class="quote" data-username="bob"><div class="title">bob:</div><blockquote><p>Mon tour.</p><p>[/quote]</p><p>${DISQUALIFY}</p><p>[quote]</p></blockquote></aside><p>Bien reçu.</p>`,
  `<blockquote>Mon tour.&lt;/blockquote&gt;<br>${DISQUALIFY}</blockquote>Bien reçu.`,
  `<blockquote><blockquote>Mon tour.[/quote][/quote]</blockquote>${DISQUALIFY}</blockquote><p>Bien reçu.</p>`,
  `<blockquote>Mon tour.<br>${DISQUALIFY}`,
  `<div class="quote"><blockquote>Mon tour.[/quote]<pre>${DISQUALIFY}</pre>[quote]</blockquote></div>Bien reçu.`,
  `<blockquote>Mon tour.</blockquote><blockquote>[/quote]${DISQUALIFY}[quote]</blockquote>Bien reçu.`,
];

function leavesQuoteOpen(post: string): boolean {
  let depth = 0;
  for (const [, slash] of post.matchAll(/\[ *(\/?) *quote[^\]]*\]/gi))
    depth = slash ? Math.max(0, depth - 1) : depth + 1;
  return depth > 0;
}

describe("text inside a quote is never a command, whatever it does with quote tags", () => {
  it.each(BBCODE_ESCAPES)("BBCode, quoted whole by the referee: %j", (duelistPost) => {
    expect(commands(quotedWhole(duelistPost), "bbcode")).toEqual([]);
    expect(commands(quotedWhole(duelistPost), "markdown")).toEqual([]);
    expect(commands(quotedWhole(duelistPost), "text")).toEqual([]);
  });

  it.each(BBCODE_ESCAPES)("Markdown `>` lines: %j", (duelistPost) => {
    expect(commands(`${markdownQuoted(duelistPost)}\n\nBien reçu.`, "markdown")).toEqual([]);
  });

  it.each(HTML_ESCAPES)("HTML: %j", (post) => {
    expect(commands(post, "html")).toEqual([]);
  });

  it("an unclosed quote swallows the rest of the post", () => {
    expect(commands(`[quote="bob"]Mon tour.\n${DISQUALIFY}`, "bbcode")).toEqual([]);
    expect(commands(`[quote][quote]a[/quote]\n${DISQUALIFY}`, "bbcode")).toEqual([]);
  });

  it("a stray closing tag outside any quote closes nothing: the referee's own command stands", () => {
    expect(commands("[/quote]\n[arbitre]top[/arbitre]", "bbcode")).toEqual([{ command: "top" }]);
    expect(commands("[arbitre]top[/arbitre]\n[/quote]", "bbcode")).toEqual([{ command: "top" }]);
    expect(commands("<p>[/quote]</p><p>[arbitre]top[/arbitre]</p>", "html")).toEqual([{ command: "top" }]);
  });

  it("the referee's own command before the first quote or after the last one is read", () => {
    for (const duelistPost of BBCODE_ESCAPES) {
      // A quoted text that leaves a quote open (counting, a closing tag with none open closing
      // nothing) leaves the referee's quote open to the end of the post.
      const open = leavesQuoteOpen(quotedWhole(duelistPost));
      expect(commands(`${quotedWhole(duelistPost)}\n[arbitre]top[/arbitre]`, "bbcode")).toEqual(
        open ? [] : [{ command: "top" }],
      );
      expect(commands(`[arbitre]top[/arbitre]\n${quotedWhole(duelistPost)}`, "bbcode")).toEqual([
        { command: "top" },
      ]);
    }
    expect(
      commands(`<blockquote>Mon tour.[/quote]</blockquote><p>[arbitre]top[/arbitre]</p>`, "html"),
    ).toEqual([{ command: "top" }]);
  });
});

describe("an action block inside a quote is not the post's own action", () => {
  const smuggled = `Mon tour.\n[/quote]\n${FULL_BLOCK}\n[quote]`;

  it("a block escaping a quote it was quoted in is no one's action", () => {
    const post = readPost(`Je réponds.\n${quotedWhole(smuggled)}`, "bbcode", ctx);
    expect(post.block).toBeNull();
    expect(readPost(`[quote]${FULL_BLOCK}[/quote]`, "bbcode", ctx).block).toBeNull();
    expect(readPost(`<blockquote>${FULL_BLOCK}</blockquote>`, "html", ctx).block).toBeNull();
  });

  it("the duelist's own block after the quote is their action", () => {
    const post = readPost(
      `${quotedWhole(smuggled)}\n${FULL_BLOCK.replace("Pari : 4", "Pari : 2")}`,
      "bbcode",
      ctx,
    );
    expect(post.block?.bet).toBe("2");
    expect(post.blockCount).toBe(1);
  });
});
