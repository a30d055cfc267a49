import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPost } from "../../shared/parsing/read-post.js";
import { CORPUS } from "../fixtures/posts/corpus.js";
import { ctx } from "./context.js";
import { readingOf } from "./corpus-reading.js";

/** Declarations RP templates ("codes") style their posts with; none hides the post. */
const DECLARATION = fc.constantFrom(
  "color:#c9a14a",
  "font:13px/1.6 Georgia,serif",
  "margin:20px auto;width:460px",
  "background:#1b1a24 url('https://i.servimg.com/u/f61/fond.png') no-repeat",
  "text-align:justify;letter-spacing:1px",
  "border:2px double #8b6f47;padding:14px",
  "text-transform:uppercase",
);
const SELECTOR = fc.constantFrom(".rp", ".rp b", "#fiche-alice", ".rp .titre::after", ".recap > div");

const STYLE = fc
  .array(fc.tuple(SELECTOR, DECLARATION), { maxLength: 5 })
  .map((rules) => `<style>${rules.map(([s, d]) => `${s}{${d}}`).join("\n")}</style>`);

/** Elements around the post, opened and closed: they show no text of their own. */
const FRAME = fc.constantFrom<readonly [string, string]>(
  ['<div class="rp">', "</div>"],
  ['<div style="width:460px;margin:auto;font-family:Georgia;color:#d8d4e6">', "</div>"],
  ["<center>", "</center>"],
  ['<span style="color:#7a4988;font-size:12px">', "</span>"],
  ['<section id="fiche-alice" class="fiche">', "</section>"],
  ['<font face="Garamond" color="#3b2f1e">', "</font>"],
  ['<div align="center"><div class="inner" style="padding:10px">', "</div></div>"],
  ['<table class="rp"><tr><td style="padding:12px">', "</td></tr></table>"],
);

/** What templates carry besides the post: credits hidden by an inline style, comments, images. */
const EXTRA = fc.constantFrom(
  "",
  '<div style="display:none">Code par Nyx — merci de ne pas retirer les crédits</div>',
  '<span style="display: none;">Sort : Glacius / Cible : Alice / Zone : bras / Pari : 1</span>',
  "<!-- template libre de droits, by Mira -->",
  '<img src="https://i.servimg.com/u/f61/19/84/21/35/banniere.png" alt="">',
  "<br>",
);

interface TemplateValue {
  readonly style: string;
  readonly frames: readonly (readonly [string, string])[];
  readonly before: string;
  readonly after: string;
}

const TEMPLATE = fc.record({
  style: STYLE,
  frames: fc.array(FRAME, { minLength: 1, maxLength: 3 }),
  before: EXTRA,
  after: EXTRA,
});

/** The post inside its template: the style sheet, the frames one inside the other, the extras around. */
function wrap(content: string, t: TemplateValue): string {
  const open = t.frames.map(([o]) => o).join("");
  const close = [...t.frames]
    .reverse()
    .map(([, c]) => c)
    .join("");
  return `${t.style}\n${t.before}${open}\n${content}\n${close}${t.after}`;
}

describe("CONTRACT 5 R-6.3 an HTML template around a post", () => {
  it("CONTRACT 5 R-6.3 wrapping any corpus post in an HTML template with CSS changes neither its words nor its recap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: CORPUS.length - 1 }), TEMPLATE, (index, template) => {
        const post = CORPUS[index];
        if (!post) return;
        const wrapped = wrap(post.content, template);
        expect(readingOf(readPost(wrapped, post.format, ctx))).toEqual(
          readingOf(readPost(post.content, post.format, ctx)),
        );
      }),
      { numRuns: 300 },
    );
  });
});
