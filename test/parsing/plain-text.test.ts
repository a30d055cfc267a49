import { describe, expect, it } from "vitest";
import { decodeEntities } from "../../shared/parsing/html-entities.js";
import { toPlainText } from "../../shared/parsing/plain-text.js";

describe("toPlainText: bbcode", () => {
  it("removes presentation tags and keeps their text", () => {
    const post =
      "[b]Alice[/b] [i]sourit[/i] [u]à peine[/u] [s]non[/s] [color=#ff0000]rouge[/color] [size=12]taille[/size] [font=Georgia]police[/font]";
    expect(toPlainText(post, "bbcode")).toBe("Alice sourit à peine non rouge taille police");
  });

  it("keeps the label of a link and drops images", () => {
    expect(
      toPlainText(
        "Voir [url=https://x.fr/regles]les règles[/url] [img]https://x.fr/a.png[/img]ici",
        "bbcode",
      ),
    ).toBe("Voir les règles ici");
  });

  it("keeps the structural tags [duel], [arbitre], [quote] and [code]", () => {
    const post =
      '[center][quote="Bob"]salut[/quote][/center]\n[duel]Sort : Feu[/duel]\n[arbitre]top[/arbitre]\n[code]x[/code]';
    const text = toPlainText(post, "bbcode");
    for (const tag of [
      '[quote="Bob"]',
      "[/quote]",
      "[duel]",
      "[/duel]",
      "[arbitre]",
      "[/arbitre]",
      "[code]",
      "[/code]",
    ]) {
      expect(text).toContain(tag);
    }
    expect(text).not.toContain("[center]");
  });

  it("reads phpBB's tags with a uid", () => {
    expect(toPlainText("[b:3kd9f]Sort :[/b:3kd9f] Feu", "bbcode")).toBe("Sort : Feu");
  });
});

describe("toPlainText: html", () => {
  it("turns <br> and block tags into line breaks and strips the rest", () => {
    const html =
      "<p>[duel]<br>Sort : <strong>Incendio</strong><br/>Cible : Bob</p><p>[/duel]</p><div>fin</div>";
    expect(toPlainText(html, "html")).toBe("[duel]\nSort : Incendio\nCible : Bob\n\n[/duel]\n\nfin");
  });

  it("decodes named and numeric entities", () => {
    expect(
      toPlainText(
        "<p>&laquo;&nbsp;Sortil&egrave;ge&#160;&raquo; &#233;t&#xE9; l&rsquo;&eacute;p&eacute;e &amp; co</p>",
        "html",
      ),
    ).toBe("« Sortilège » été l’épée & co");
  });

  it("keeps escaped markup as text", () => {
    expect(toPlainText("<p>&lt;b&gt;pas gras&lt;/b&gt;</p>", "html")).toBe("<b>pas gras</b>");
  });

  it("marks blockquotes, Discourse quotes and code for the structure scanner", () => {
    const html =
      '<aside class="quote" data-username="bob"><div class="title">bob:</div><blockquote><p>hop</p></blockquote></aside><pre><code>x = 1</code></pre><p>a <code>b</code></p>';
    const text = toPlainText(html, "html");
    expect(text.match(/\[quote\]/g)).toHaveLength(2);
    expect(text.match(/\[\/quote\]/g)).toHaveLength(2);
    expect(text).toContain("[code]\nx = 1\n[/code]");
    expect(text).toContain("a [code]b[/code]");
  });

  it("drops scripts, styles and comments", () => {
    expect(toPlainText("<style>p{}</style><script>alert(1)</script><!-- note -->Bonjour", "html")).toBe(
      "Bonjour",
    );
  });
});

describe("toPlainText: markdown", () => {
  it("removes emphasis, headings and links", () => {
    const md =
      "# Le duel\n**Sort :** *Incendio* et __Glacius__ ~~non~~ _oui_\n[les règles](https://x.fr) ![img](a.png)";
    expect(toPlainText(md, "markdown")).toBe("Le duel\nSort : Incendio et Glacius non oui\nles règles img");
  });

  it("keeps quote markers, fences, code spans and snake_case", () => {
    const md = "> cité\n```\n**code**\n```\n`a_b` snake_case 2 * 3";
    expect(toPlainText(md, "markdown")).toBe("> cité\n```\n**code**\n```\n`a_b` snake_case 2 * 3");
  });

  it("keeps escaped characters literal", () => {
    expect(toPlainText("\\*pas en italique\\*", "markdown")).toBe("*pas en italique*");
  });
});

describe("toPlainText: every format", () => {
  it("normalises non-breaking and other Unicode spaces and CRLF", () => {
    const post = "Sort\u00a0: Feu\r\nCible\u202f: Bob\rZone\u2007:\u2003torse\u200b";
    for (const format of ["bbcode", "html", "markdown", "text"] as const) {
      expect(toPlainText(post, format)).toBe("Sort : Feu\nCible : Bob\nZone : torse");
    }
  });

  it("decodes entities in text and bbcode too (forums escape them)", () => {
    expect(toPlainText("Pari de d&eacute;&nbsp;: 4", "text")).toBe("Pari de dé : 4");
    expect(toPlainText("[quote=&quot;Bob&quot;]x[/quote]", "bbcode")).toBe('[quote="Bob"]x[/quote]');
  });

  it("is empty for an empty post", () => {
    expect(toPlainText("", "html")).toBe("");
  });
});

describe("decodeEntities", () => {
  it("reads Windows-1252 references as browsers do and never throws on bad code points", () => {
    expect(decodeEntities("l&#146;arbitre")).toBe("l’arbitre");
    expect(decodeEntities("&#0;&#x110000;&#xD800;")).toBe("\ufffd\ufffd\ufffd");
  });

  it("leaves unknown names and names without ';' as written", () => {
    expect(decodeEntities("AT&T &foo; &eacute &constructor;")).toBe("AT&T &foo; &eacute &constructor;");
  });
});
