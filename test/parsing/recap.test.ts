import { describe, expect, it } from "vitest";
import { readPost } from "../../shared/parsing/read-post.js";
import { ctx, words } from "./context.js";

const read = (content: string, format: "bbcode" | "html" | "markdown" | "text" = "bbcode") =>
  readPost(content, format, ctx);

describe("CONTRACT 5 the recap without tags", () => {
  it("reads the issue's bold recap, the one-line recap and the recap in an HTML template", () => {
    const fire = { spellIds: ["feu"], target: { kind: "duelist", duelistId: "43" }, zone: "torse", bet: "3" };
    const bold =
      "[b]Sort :[/b] Sortilège de Feu\n[b]Cible :[/b] Bob Martin\n[b]Zone :[/b] torse\n[b]Pari :[/b] 3";
    expect(read(`${words(120)}\n${bold}`)).toMatchObject({
      block: fire,
      blockCount: 1,
      recap: "free",
      words: 120,
    });
    expect(
      read(`${words(120)}\nSort : Incendio / Cible : Bob / Zone : torse / Pari : 3`).block,
    ).toMatchObject(fire);
    const html = `<div class="rp"><p>${words(120)}</p><p><b>Sort :</b> Incendio<br><b>Cible :</b> Bob<br><b>Zone :</b> torse<br><b>Pari :</b> 3</p></div>`;
    expect(read(html, "html")).toMatchObject({ block: fire, words: 120 });
  });

  it("a lone key word in the prose is not a recap; a key opening its own line is", () => {
    expect(read(`${words(20)} dans la zone : le torse, puis ${words(5)}`)).toMatchObject({
      block: null,
      blockCount: 0,
      recap: null,
    });
    expect(read(`${words(20)}\nPari : 4`)).toMatchObject({ block: { bet: "4" }, blockCount: 1, words: 20 });
    expect(read(`« Cible : toi », dit-elle.\n${words(20)}`).recap).toBeNull();
  });

  it("a known key alone in a character sheet is the sheet's, not a recap", () => {
    const sheet =
      "Nom : Alice Dubois\nAnnée : 3e\nMaison : Serdaigle\nParticularité : Legilimens\nBaguette : saule, 25 cm";
    expect(read(`Alice salue son adversaire.\n\n${sheet}`).recap).toBeNull();
    expect(read(`${words(20)}\n\nPari : 4\n\n${words(10)}`).block).toMatchObject({ bet: "4" });
  });

  it("with several recaps the last complete one counts; when none is complete, all are read together", () => {
    const two = `Sort : Glacius\nPari : 2\n${words(50)}\nSort : Incendio\nCible : Bob\nPari : 5`;
    expect(read(two)).toMatchObject({ blockCount: 1, block: { spellIds: ["feu"], bet: "5" }, words: 50 });
    const halves = `Sort : Incendio\nCible : Bob\n${words(50)}\nZone : torse\nPari : 5`;
    expect(read(halves).block).toMatchObject({ spellIds: ["feu"], zone: "torse", bet: "5" });
  });

  it("a [duel] block wins over a recap without tags", () => {
    const post = `Sort : Glacius / Pari : 2\n${words(30)}\n[duel]\nSort : Incendio\nPari : 4\n[/duel]`;
    expect(read(post)).toMatchObject({ recap: "block", block: { spellIds: ["feu"], bet: "4" } });
  });

  it("the opponent's recap in a quote is not read; the author's quote titled Récapitulatif is", () => {
    const opponent = '[quote="Bob Martin"]Sort : Glacius\nCible : Alice\nPari : 2[/quote]\nAlice riposte.';
    expect(read(opponent)).toMatchObject({ block: null, words: 2 });
    const own = '[quote="Récapitulatif"]Sort : Glacius\nCible : Bob\nPari : 2[/quote]\nAlice riposte.';
    expect(read(own)).toMatchObject({ block: { spellIds: ["glace"] }, words: 2 });
    const rendered =
      "<blockquote><div><cite>Récap a écrit:</cite>Sort : Glacius<br>Pari : 2</div></blockquote>Alice.";
    expect(read(rendered, "html")).toMatchObject({ block: { spellIds: ["glace"], bet: "2" }, words: 1 });
  });

  it("forgives one slip in a key of five letters or more, not in a four-letter word", () => {
    expect(read("Cilbe : Bob\nParie : 3\nZonne : bras").block).toMatchObject({
      target: { kind: "duelist", duelistId: "43" },
      bet: "3",
      zone: "bras",
    });
    expect(read("Mort : Incendio\nMari : 3").recap).toBeNull();
  });

  it("a field said to be empty (`aucune`, `néant`) is empty", () => {
    expect(read("Sort : Incendio\nParticularité : aucune\nZone : néant\nPari : 2").block).toMatchObject({
      particularityIds: [],
      unknownParticularities: [],
      zone: null,
    });
  });

  it("reads a table whose first row holds the keys and the next their values, rows written over lines", () => {
    const html =
      "<table>\n <tr>\n  <th>Sort</th>\n  <th>Cible</th>\n  <th>Pari</th>\n </tr>\n" +
      " <tr>\n  <td>Incendio</td>\n  <td>Bob</td>\n  <td>3</td>\n </tr>\n</table>";
    const bbcode =
      "[TABLE]\n[TR]\n[TD]Sort[/TD]\n[TD]Cible[/TD]\n[TD]Pari[/TD]\n[/TR]\n[TR]\n[TD]Incendio[/TD]\n[TD]Bob[/TD]\n[TD]3[/TD]\n[/TR]\n[/TABLE]";
    const markdown = "| Sort | Cible | Pari |\n|---|---|---|\n| Incendio | Bob | 3 |";
    for (const [content, format] of [
      [html, "html"],
      [bbcode, "bbcode"],
      [markdown, "markdown"],
    ] as const) {
      expect(read(`Alice attaque.\n${content}`, format)).toMatchObject({
        block: { spellIds: ["feu"], target: { kind: "duelist", duelistId: "43" }, bet: "3" },
        words: 2,
      });
    }
  });

  it("reads keys and values in table cells, in every format", () => {
    const bbcode = "[table][tr][td]Sort[/td][td]Glacius[/td][/tr][tr][td]Pari[/td][td]6[/td][/tr][/table]";
    const html = "<table><tr><td>Sort</td><td>Glacius</td></tr><tr><td>Pari</td><td>6</td></tr></table>";
    const markdown = "| Sort | Glacius |\n|---|---|\n| Pari | 6 |";
    for (const [content, format] of [
      [bbcode, "bbcode"],
      [html, "html"],
      [markdown, "markdown"],
    ] as const) {
      expect(read(content, format).block).toMatchObject({ spellIds: ["glace"], bet: "6" });
    }
  });
});

describe("R-6.3 HTML in every format", () => {
  /** The post: sixty visible words in a template with a style sheet. */
  const template =
    "<style>.rp{width:460px;margin:auto;background:#1b1a24;color:#d8d4e6;font:13px/1.6 Georgia,serif}" +
    ".rp b{color:#c9a14a}.rp .titre{font:italic 22px 'Playfair Display';letter-spacing:2px}</style>" +
    `<div class="rp"><!-- code by Nyx --><div class="titre" style="display: none">Titre caché du code</div>` +
    `<p>${words(60)}</p><div style="display:none"><div>crédits</div> du code</div></div>`;

  it("counts a BBCode, Markdown or text post's embedded HTML as the same post sent as HTML", () => {
    for (const format of ["bbcode", "markdown", "text", "html"] as const) {
      expect(read(template, format).words).toBe(60);
    }
  });

  it("reads a spoiler's hidden content: the reader opens it with a click", () => {
    const post =
      `<p>${words(30)}</p><dl class="codebox spoiler"><dt>Spoiler</dt>` +
      '<dd class="spoiler_content" style="display: none;">Sort : Glacius<br>Pari : 2</dd></dl>';
    expect(read(post, "html")).toMatchObject({ block: { spellIds: ["glace"], bet: "2" }, words: 31 });
  });

  it("keeps angle brackets that are no HTML element as text outside HTML posts", () => {
    expect(read("Alice <3 Bob, dit le mot <Bob> sur le mur.")).toMatchObject({
      text: "Alice <3 Bob, dit le mot <Bob> sur le mur.",
      words: 10,
    });
    expect(read("Voir <https://exemple.fr/duel> pour le règlement.", "markdown")).toMatchObject({
      text: "Voir https://exemple.fr/duel pour le règlement.",
      words: 7,
    });
  });
});
