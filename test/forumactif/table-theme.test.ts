import { describe, expect, it } from "vitest";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import type { PostMarkup } from "../../shared/forumactif/types.js";

/**
 * CONTRACT 4.4: a role-play theme whose posts are tables, as a new board would be tried: anchors
 * `<a name="N">`, a permalink `#N`, `/uN` profile links, « le Mar 1 Déc 2026 - 11:00 » in a span,
 * the profile column in a nested table, a signature, sponsored blocks between the posts.
 */

const READ = { timeZone: "Europe/Paris", now: "2026-12-02T10:00:00.000Z" };
const MARKUP: PostMarkup = {
  post: "tr.rp-post",
  author: ".rp-pseudo",
  date: ".rp-quand",
  message: ".rp-message",
};

/** What a theme's profile column may hold that looks like the parts of a post. */
interface Traps {
  /** The name shown as text only, a profile link beside it worded « Voir le profil ». */
  readonly nameWithoutLink?: boolean;
  /** The member's registration date shown before the post's. */
  readonly registeredFirst?: boolean;
  /** A `content` box (the house) in the profile column, before the message. */
  readonly contentBox?: boolean;
}

function post(id: string, uid: string, name: string, date: string, text: string, traps: Traps): string {
  const nameCell = traps.nameWithoutLink
    ? `<td class="rp-pseudo">${name}</td></tr><tr><td><a href="/u${uid}">Voir le profil</a></td>`
    : `<td class="rp-pseudo"><a href="/u${uid}"><span style="color:#aa0000"><strong>${name}</strong></span></a></td>`;
  return `<tr class="rp-post"><td class="rp-cell"><a name="${id}"></a>
<table class="rp-row" width="100%" cellspacing="0"><tr>
<td class="rp-profil" width="180"><table class="rp-fiche"><tr>${nameCell}</tr>
<tr><td class="rp-rang">Préfète en chef</td></tr>
${traps.registeredFirst ? '<tr><td class="rp-date-inscription">Lun 2 Nov 2026 - 10:00</td></tr>' : ""}
${traps.contentBox ? '<tr><td><div class="content">Maison : Serdaigle</div></td></tr>' : ""}
</table></td>
<td class="rp-corps"><div class="rp-entete"><a href="/t1234-duel#${id}" title="Permalien">#</a> <span class="rp-quand">le ${date}</span></div>
<div class="rp-message">${text}</div>
<div class="rp-signature">Fière Serdaigle</div></td>
</tr></table></td></tr>`;
}

const AD = `<tr class="rp-post"><td class="rp-cell"><table class="rp-row"><tr><td class="rp-profil"><span class="rp-pseudo">Contenu sponsorisé</span></td><td class="rp-corps"><div class="rp-message"><ins class="adsbygoogle"></ins></div></td></tr></table></td></tr>`;

function tablePage(traps: Traps = {}): string {
  return `<!DOCTYPE html><html><head><title>Duel : Alice contre Bob</title>
<link rel="canonical" href="https://poudlard.forumactif.com/t1234-duel" />
<script type="text/javascript">var _userdata = {}; _userdata["session_logged_in"] = 0;</script></head><body>
<table class="rp-sujet" width="100%">
${post("1001", "42", "Alice Dubois", "Mar 1 Déc 2026 - 11:00", "Je lance Rictusempra sur Bob.", traps)}
${AD}
${post("1002", "43", "Bob Martin", "Mar 1 Déc 2026 - 11:05", "Je pare.", traps)}
</table></body></html>`;
}

const TRUE_POSTS = [
  ["1001", "Alice Dubois", "2026-12-01T10:00:00.000Z", "Je lance Rictusempra sur Bob."],
  ["1002", "Bob Martin", "2026-12-01T10:05:00.000Z", "Je pare."],
];

const shown = (html: string, markup?: PostMarkup) => {
  const page = readTopicPage(html, markup === undefined ? READ : { ...READ, markup });
  return {
    template: page.template,
    title: page.title,
    posts: page.posts.map((p) => [p.postId, p.authorName, p.createdAt, p.html]),
    unreadable: page.unreadable,
  };
};

describe("CONTRACT 4.4 a theme whose posts are tables", () => {
  it("CONTRACT 4.4 is read on its own: ids from the anchors, names from /uN, dates in the board's format, the ads left out", () => {
    expect(shown(tablePage())).toEqual({
      template: "custom",
      title: "Duel : Alice contre Bob",
      posts: TRUE_POSTS,
      unreadable: [],
    });
  });

  it("CONTRACT 4.4 source.markup reads it too, and the sponsored block is no post", () => {
    expect(shown(tablePage(), MARKUP)).toMatchObject({
      template: "custom",
      posts: TRUE_POSTS,
      unreadable: [],
    });
  });
});

describe("CONTRACT 4.4 source.markup on a table theme: each selector decides its part", () => {
  it("CONTRACT 4.4 markup.post: the rows it names are the posts", () => {
    const html = tablePage();
    const rows = shown(html, { ...MARKUP, post: "td.rp-cell" });
    expect(rows.posts).toEqual(TRUE_POSTS);
    // Named elsewhere (the name cells), the posts it finds are those cells, which hold no message.
    expect(() => shown(html, { ...MARKUP, post: "td.rp-pseudo" })).toThrow();
  });

  it("CONTRACT 4.4 markup.author: the name the theme shows as text, not the profile link beside it", () => {
    const html = tablePage({ nameWithoutLink: true });
    expect(shown(html).posts.map((p) => p[1])).toEqual(["Voir le profil", "Voir le profil"]);
    expect(shown(html, MARKUP).posts).toEqual(TRUE_POSTS);
  });

  it("CONTRACT 4.4 markup.date: the post's date, not the registration date the profile shows first", () => {
    const html = tablePage({ registeredFirst: true });
    expect(shown(html).posts.map((p) => p[2])).not.toEqual(TRUE_POSTS.map((p) => p[2]));
    expect(shown(html, MARKUP).posts).toEqual(TRUE_POSTS);
  });

  it("CONTRACT 4.4 markup.message: the message, not a box of the profile the theme classes as content", () => {
    const html = tablePage({ contentBox: true });
    expect(shown(html).posts.map((p) => p[3])).toEqual(["Maison : Serdaigle", "Maison : Serdaigle"]);
    expect(shown(html, MARKUP).posts).toEqual(TRUE_POSTS);
  });
});
