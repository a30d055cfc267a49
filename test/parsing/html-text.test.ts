import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToText } from "../../shared/parsing/html-text.js";
import { toPlainText } from "../../shared/parsing/plain-text.js";

/**
 * Tags are read as a browser tokenizes them (parse5), without a tree: where that reading differs
 * from a looser one, the browser's is the post the readers saw.
 */
describe("htmlToText reads tags as a browser does", () => {
  it("drops a tag left unfinished at the end of an HTML post, as a browser does", () => {
    expect(toPlainText("Je lance Expelliarmus <b", "html")).toBe("Je lance Expelliarmus");
  });

  it("keeps an unfinished `<b` or `<Bob` at the end of a BBCode post: it is the author's text", () => {
    expect(toPlainText("Je lance Expelliarmus <b", "bbcode")).toBe("Je lance Expelliarmus <b");
    expect(toPlainText("Bien joué <Bob", "bbcode")).toBe("Bien joué <Bob");
  });

  it("keeps a stray `<Bob>` of a BBCode post as text, and drops it from an HTML post", () => {
    expect(toPlainText("Bien joué <Bob> !", "bbcode")).toBe("Bien joué <Bob> !");
    expect(toPlainText("Bien joué <Bob> !", "html")).toBe("Bien joué  !");
  });

  it("reads a tag whose attribute is long (a template's inline style) as a tag", () => {
    const style = `color: #5a3; ${"text-shadow: 1px 1px 2px #000; ".repeat(80)}`;
    expect(toPlainText(`<span style="${style}">Sort : Feu</span>`, "html")).toBe("Sort : Feu");
    expect(toPlainText(`[b]Tour[/b] <span style="${style}">Sort : Feu</span>`, "bbcode")).toBe(
      "Tour Sort : Feu",
    );
  });

  it("hides an element by its own `style` only, not by a `data-style` attribute", () => {
    expect(toPlainText('<p data-style="display:none">Sort : Feu</p>', "html")).toBe("Sort : Feu");
    expect(toPlainText('<p style="color: red; display:none">caché</p>vu', "html")).toBe("vu");
  });

  it("skips a hidden element to its own end, whatever its `<style>` holds", () => {
    expect(toPlainText('<div style="display:none"><style>p {}</div></style>caché</div>vu', "html")).toBe(
      "vu",
    );
  });

  it("skips nested `<svg>` and `<template>` to their own end", () => {
    expect(toPlainText("<svg><svg></svg><text>dessin</text></svg>après", "html")).toBe("après");
    expect(toPlainText("<template><template></template>modèle</template>après", "html")).toBe("après");
    expect(toPlainText('<svg viewBox="0 0 1 1"/>Sort : Feu', "html")).toBe("Sort : Feu");
  });

  it("shows nothing of what is written inside an `<iframe>`", () => {
    expect(toPlainText("<iframe>Votre navigateur…</iframe>Sort : Feu", "html")).toBe("Sort : Feu");
  });

  it("reads a `<textarea>` as a code block, shown as written, tags included", () => {
    expect(htmlToText("<textarea><b>[duel]</b></textarea>")).toBe("\n[code]\n<b>[duel]</b>\n[/code]\n");
  });

  it("drops an XML declaration or a doctype from an HTML post, keeps it in a BBCode post", () => {
    expect(toPlainText("<?xml version='1.0'?><!DOCTYPE html>Sort : Feu", "html")).toBe("Sort : Feu");
    expect(toPlainText("<?php echo 1; ?> Sort : Feu", "bbcode")).toBe("<?php echo 1; ?> Sort : Feu");
  });

  it("decodes entities once: `&amp;eacute;` reads `&eacute;`, `&lt;b&gt;` stays text", () => {
    expect(toPlainText("<p>&amp;eacute; &lt;b&gt;gras&lt;/b&gt;</p>", "html")).toBe("&eacute; <b>gras</b>");
  });

  it("never throws, whatever the input, in both readings", () => {
    const piece = fc.constantFrom(
      ..."<>/!-=\"' \n\t&;#?[]abc".split(""),
      "<div",
      "</div>",
      "<style>",
      "</style>",
      "<script>",
      "<!--",
      "-->",
      "<svg>",
      "<![CDATA[",
      "<textarea>",
      "<plaintext>",
      'style="display:none"',
      "&amp",
      "\u0000",
      "\ud800",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.boolean(), (pieces, embedded) => {
        expect(typeof htmlToText(pieces.join(""), embedded)).toBe("string");
      }),
      { numRuns: 2000 },
    );
  });
});
