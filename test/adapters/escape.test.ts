import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { escapeLogText } from "../../shared/adapters/escape.js";
import { discordMessages } from "../../shared/adapters/notifiers/discord-notifier.js";
import { conversationPost } from "../../shared/adapters/notifiers/discourse-notifier.js";
import { forumactifPrivateMessage } from "../../shared/adapters/notifiers/forumactif-notifier.js";
import {
  discourseReplyRaw,
  forumactifReplyMessage,
  xenforoReplyMessage,
} from "../../shared/adapters/thread-bots/index.js";
import type { ThreadReply } from "../../shared/ports/thread-bot.js";
import { aHibou } from "./notifiers/hibou-fixture.js";

/** A duelist's name as the security review wrote it, and what else a duelist writes that is quoted. */
const NAME = `Alice "><img src=x onerror=alert(1)>`;
const HOSTILE = [
  NAME,
  "<script>alert(1)</script>",
  "[/quote][url=javascript:alert(1)]clic[/url][img]https://evil.example/x.png[/img]",
  "@everyone @here <@123> <@&456> <#789> <t:1:R> @alice",
  "**gras** _pench\u00e9_ ~~barr\u00e9~~ ||spoiler|| `code` [lien](https://evil.example) ![i](https://evil.example/i.png)",
  "&lt;img src=x onerror=alert(2)&gt; &#60;b&#62;",
];
/** Lines that would be a block of markup at a line's start. */
const LINE_STARTS = ["# Titre", "> cit\u00e9", "- liste", "1. liste", "-# petit", "```", "<div onclick=x>"];
const TEXT = [...HOSTILE, ...LINE_STARTS].join("\n");

const hibou = aHibou({
  title: `Tour 1 \u2014 ${NAME}`,
  text: TEXT,
  to: { role: "duelist", id: "42", name: NAME, username: "alice" },
});
const reply: ThreadReply = {
  duelId: "poudlard.1234",
  threadId: "1234",
  title: `Tour 1 \u2014 ${NAME}`,
  lines: [...HOSTILE, ...LINE_STARTS],
  marker: "arb-0123456789",
};

/** Discourse's raw as markdown-it renders it with HTML allowed (before Discourse's allowlist). */
const markdown = new MarkdownIt({ html: true, linkify: true });

/** The visible text of rendered HTML: tags dropped, the entities markdown-it writes decoded. */
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** What Discourse finds as a mention in a text (its `mentions` rule). */
const MENTION = /@(\w[\w.-]{0,58}\w)|@(\w)/;

function expectInertDiscourse(raw: string): void {
  const html = markdown.render(raw);
  // Only the tags our own layout makes (paragraphs, line breaks, the bold title, the marker), and
  // the links Discourse makes of a written address, to http(s) only.
  const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
  for (const tag of tags) expect(["p", "br", "strong", "small", "a"]).toContain(tag);
  for (const [, href] of html.matchAll(/<a ([^>]*)>/g)) expect(href).toMatch(/^href="https:\/\/[^"]*"$/);
  // A written address becomes a link before escapes are read: its text keeps their backslashes.
  const unlinked = html.replace(/(<a [^>]*>)([^<]*)/g, (_, a: string, t: string) => a + t.replace(/\\/g, ""));
  const text = visible(unlinked).replace(/\u200b/g, "");
  for (const line of [...HOSTILE, ...LINE_STARTS]) expect(text).toContain(line);
  expect(visible(html)).not.toMatch(MENTION);
}

/**
 * A Forumactif board reads a message as BBCode and, where allowed, HTML, with numeric references
 * shown as their characters: the message may hold no `<` or `>`, and no `[` or `@` but in our own
 * tags; decoding the references gives back what was written.
 */
function expectInertForumactif(message: string, ownTags: RegExp): void {
  expect(message).not.toMatch(/[<>]/);
  expect(message.replace(ownTags, "")).not.toMatch(/[[\]@]/);
  const shown = message.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  for (const line of [...HOSTILE, ...LINE_STARTS]) expect(shown).toContain(line);
}

describe("one escaping function per output format: a hostile name or excerpt renders inert", () => {
  it("Discourse private messages: markdown-it renders no tag, image or mention of the text, links to https only", () => {
    expectInertDiscourse(conversationPost(hibou));
  });

  it("Discourse thread replies: the same", () => {
    expectInertDiscourse(discourseReplyRaw(reply));
  });

  it("Forumactif private messages: the message and the subject hold no markup", () => {
    const { subject, message } = forumactifPrivateMessage(hibou);
    expectInertForumactif(message, /$^/);
    expect(subject).not.toMatch(/[<>"]/);
    expect(subject.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))).toContain(
      'Alice "><img src=x',
    );
  });

  it("Forumactif verdict replies: only the reply's own [b] and [size] tags", () => {
    expectInertForumactif(forumactifReplyMessage(reply), /\[\/?b\]|\[size=9\]|\[\/size\]/g);
  });

  it("XenForo thread replies: every bracket and @ inside [PLAIN]", () => {
    const message = xenforoReplyMessage(reply);
    const outside = message
      .replace(/\[PLAIN\][[@]\[\/PLAIN\]/g, "")
      .replace(/\[\/?B\]|\[\/?SIZE(=1)?\]/g, "");
    expect(outside).not.toMatch(/[[@]/);
    const shown = message.replace(/\[PLAIN\]([[@])\[\/PLAIN\]/g, "$1");
    for (const line of HOSTILE) expect(shown).toContain(line);
  });

  it("Discord: every character that opens markup or a mention is escaped, and mentions are off", () => {
    const [message] = discordMessages(hibou);
    expect(message?.allowed_mentions).toEqual({ parse: [] });
    const embed = message?.embeds[0];
    for (const field of [message?.content ?? "", embed?.title ?? "", embed?.description ?? ""]) {
      // Discord reads `\` before punctuation as that character, shown as written (here as `x`).
      const unescaped = field.replace(/\\[^A-Za-z0-9\s]/g, "x");
      expect(unescaped).not.toMatch(/[*_~`|<>[\]@\\]/);
      expect(unescaped.split("\n").filter((l) => /^\s*(-|\+|#|\d+[.)])/.test(l))).toEqual([]);
      expect(field.replace(/\\([^A-Za-z0-9\s])/g, "$1")).toContain(NAME);
    }
    expect(embed?.description.replace(/\\([^A-Za-z0-9\s])/g, "$1")).toBe(TEXT);
  });

  it("the log: no terminal escape sequence or bidi override survives", () => {
    const text = `${NAME}\u001b[2J\u001b]8;;https://evil.example\u0007lien\u202e\u2066fin\r\nligne`;
    expect(escapeLogText(text)).toBe(`${NAME}[2J]8;;https://evil.examplelienfin\nligne`);
  });
});
