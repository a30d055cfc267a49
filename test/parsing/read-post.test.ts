import { describe, expect, it } from "vitest";
import { readPost } from "../../shared/parsing/read-post.js";
import { ctx, FULL_BLOCK, words } from "./context.js";

const FIRE_AT_BOB = {
  spellIds: ["feu"],
  unknownSpells: [],
  recoverWand: false,
  target: { kind: "duelist", duelistId: "43" },
  zone: "torse",
  bet: "4",
};

describe("readPost in every format (CONTRACT.md 5)", () => {
  it("reads a BBCode post with colours, sizes and non-breaking spaces inside the block", () => {
    const post = [
      "[i]Alice fait un pas de côté et lève sa baguette.[/i]",
      "[duel]",
      "[color=red][b]Sort[/b]\u00a0:[/color] [size=120]Incendio ![/size]",
      "Cible\u202f: [color=#336699]Bob[/color]",
      "Zone : torse",
      "[b]Pari :[/b] 4",
      "[/duel]",
    ].join("\r\n");
    expect(readPost(post, "bbcode", ctx)).toMatchObject({ block: FIRE_AT_BOB, blockCount: 1, words: 10 });
  });

  it("reads an HTML post whose block is literal text in paragraphs with <br> and entities", () => {
    const post =
      "<p>Alice s&rsquo;avance.</p>\n<p>[duel]<br>\n<strong>Sort&nbsp;:</strong> le Sortil&egrave;ge de Feu<br>\n" +
      "Cible : Bob Martin<br>\nZone : <em>torse</em><br>\nPari de d&eacute; : 4<br>\n[/duel]</p>";
    expect(readPost(post, "html", ctx)).toMatchObject({ block: FIRE_AT_BOB, words: 2 });
  });

  it("reads an HTML post whose block is split over paragraphs", () => {
    const post =
      "<p>[duel]</p><p>Sort : Incendio</p><p>Cible : Bob</p><p>Zone : torse</p><p>Pari : 4</p><p>[/duel]</p>";
    expect(readPost(post, "html", ctx).block).toMatchObject(FIRE_AT_BOB);
  });

  it("reads a Markdown post with bold keys", () => {
    const post =
      "Alice *sourit*.\n\n[duel]\n**Sort :** *Incendio*\n**Cible :** Bob\n**Zone :** torse\n**Pari :** 4\n[/duel]";
    expect(readPost(post, "markdown", ctx)).toMatchObject({ block: FIRE_AT_BOB, words: 2 });
  });

  it("reads a plain-text post", () => {
    expect(readPost(`Alice attaque.\n${FULL_BLOCK}`, "text", ctx)).toMatchObject({
      block: FIRE_AT_BOB,
      words: 2,
    });
  });
});

describe("readPost: whose block it is", () => {
  it("ignores a block inside a BBCode quote of someone else and reads the author's own", () => {
    const post = `[quote="Bob Martin"]Tiens !\n[duel]\nSort : Glacius\nCible : Alice\n[/duel][/quote]\nAlice riposte.\n${FULL_BLOCK}`;
    const read = readPost(post, "bbcode", ctx);
    expect(read.block).toMatchObject(FIRE_AT_BOB);
    expect(read.blockCount).toBe(1);
    expect(read.words).toBe(2);
  });

  it("ignores a block inside nested quotes", () => {
    const post = `[quote][quote=Bob]x[/quote]\n[duel]Sort : Glacius[/duel]\n[/quote]${FULL_BLOCK}`;
    expect(readPost(post, "bbcode", ctx).block?.spellIds).toEqual(["feu"]);
  });

  it("ignores a block inside an HTML blockquote", () => {
    const post = `<blockquote><p>[duel]<br>Sort : Glacius<br>[/duel]</p></blockquote><p>${FULL_BLOCK.replaceAll("\n", "<br>")}</p>`;
    expect(readPost(post, "html", ctx).block?.spellIds).toEqual(["feu"]);
  });

  it("ignores a block inside Markdown '>' lines", () => {
    const post = `> [duel]\n> Sort : Glacius\n> [/duel]\n\n${FULL_BLOCK}`;
    expect(readPost(post, "markdown", ctx)).toMatchObject({ block: { spellIds: ["feu"] }, blockCount: 1 });
  });

  it("has no block when the only one is quoted", () => {
    expect(
      readPost("[quote]\n[duel]\nSort : Glacius\n[/duel]\n[/quote]\nJe réponds.", "bbcode", ctx),
    ).toMatchObject({
      block: null,
      blockCount: 0,
      words: 2,
    });
  });

  it("R-3.4 counts the author's blocks and reads the first", () => {
    const post = `${FULL_BLOCK}\n[duel]\nSort : Glacius\n[/duel]`;
    expect(readPost(post, "bbcode", ctx)).toMatchObject({ blockCount: 2, block: { spellIds: ["feu"] } });
  });
});

describe("readPost: messy blocks", () => {
  it("R-6.3 a block with missing fields has nulls", () => {
    const read = readPost("[duel]\nSort : Incendio\nZone :\n[/duel]", "bbcode", ctx);
    expect(read.block).toMatchObject({ spellIds: ["feu"], target: null, zone: null, bet: null });
  });

  it("R-4.14 an unknown spell, R-3.4 two spells, R-5.3 a particularity", () => {
    expect(readPost("[duel]Sort : Avada Kedavra[/duel]", "bbcode", ctx).block?.unknownSpells).toEqual([
      "Avada Kedavra",
    ]);
    expect(readPost("[duel]Sort : Incendio + Glacius[/duel]", "bbcode", ctx).block?.spellIds).toEqual([
      "feu",
      "glace",
    ]);
    expect(readPost("[duel]Sort : Legilimens[/duel]", "bbcode", ctx).block?.particularityIds).toEqual([
      "legilimens",
    ]);
  });

  it("R-5.1 reads 'Action : récupérer sa baguette'", () => {
    const read = readPost("[DUEL]\nAction : Récupérer sa baguette\nPari : 2\n[/Duel]", "bbcode", ctx);
    expect(read.block).toMatchObject({ recoverWand: true, spellIds: [], bet: "2" });
  });

  it("a post without a block has a null block", () => {
    expect(readPost(words(120), "text", ctx)).toMatchObject({ block: null, blockCount: 0, words: 120 });
  });

  it("a block of garbage has null fields and empty lists", () => {
    expect(readPost("[duel]]]::: ; : [[[/duel]", "bbcode", ctx).block).toMatchObject({
      spellIds: [],
      target: null,
      zone: null,
      bet: null,
    });
  });
});

describe("readPost: Discourse posts", () => {
  it('ignores a block in a Discourse [quote="user, post:3, topic:1842"] of the raw Markdown', () => {
    const raw = `[quote="bob_martin, post:3, topic:1842"]\n[duel]\nSort : Glacius\n[/duel]\n[/quote]\n\nAlice riposte.\n\n${FULL_BLOCK}`;
    expect(readPost(raw, "markdown", ctx)).toMatchObject({
      block: { spellIds: ["feu"] },
      blockCount: 1,
      words: 2,
    });
  });

  it("reads a key written with brackets or a longer name", () => {
    const read = readPost(
      "[duel]\nSort utilisé : Incendio\nCible visée : Bob\nPari (de dé) : 6\n[/duel]",
      "bbcode",
      ctx,
    );
    expect(read.block).toMatchObject({ spellIds: ["feu"], target: { duelistId: "43" }, bet: "6" });
  });
});
