import { SourceMap, type SourceMapPayload } from "node:module";
import { runInNewContext } from "node:vm";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { asciiBundle } from "../../infra/cdk/ascii-bundle.js";

/**
 * What esbuild leaves in a minified bundle: non-ASCII characters in regular expression literals
 * only, several on one line, followed on that line by code a stack trace may point at.
 */
const SOURCE = [
  "export const apostrophes = /[’‘ʼ`´′]/g;",
  'export const dialogue = (s: string) => /^[«“"—–]/.test(s);',
  "export const pictograph = /^(?:😀|é)$/u.test('😀') && /\\é/.test('é');",
  "export const colon = (s: string) => s.replace(/[:：]/g, ':').replace(/œ/g, 'oe');",
  "export function after(): never { throw new Error('after the regular expressions'); }",
].join("\n");

function minified() {
  const out = transformSync(SOURCE, {
    loader: "ts",
    format: "cjs",
    minify: true,
    sourcemap: "external",
    sourcefile: "sample.ts",
  });
  return { code: out.code, map: JSON.parse(out.map) as SourceMapPayload };
}

function load(code: string) {
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(code, { module, exports: module.exports });
  return module.exports as {
    apostrophes: RegExp;
    dialogue: (s: string) => boolean;
    pictograph: boolean;
    colon: (s: string) => string;
  };
}

describe("a bundle made ASCII-only", () => {
  it("has no character above U+007F, and its regular expressions match as before", () => {
    const before = minified();
    expect(before.code).toMatch(/[\u0080-\uffff]/);
    const after = asciiBundle(before.code, before.map);
    expect(after.code).not.toMatch(/[\u0080-\uffff]/);

    const [original, ascii] = [load(before.code), load(after.code)];
    for (const text of ["l’arbre", "l'arbre", "l`a", "′", "x"]) {
      expect("x".concat(text).replace(ascii.apostrophes, "'")).toBe(
        "x".concat(text).replace(original.apostrophes, "'"),
      );
    }
    for (const line of ["« Cible : toi. »", "— Zone : torse", "Sort : Feu", "“Oui”"])
      expect(ascii.dialogue(line)).toBe(original.dialogue(line));
    // An astral character under the `u` flag, and an identity escape of a non-ASCII character.
    expect(ascii.pictograph).toBe(true);
    expect(ascii.colon("Sort： cœur")).toBe("Sort: coeur");
  });

  it("keeps the source map pointing at the same original places", () => {
    const before = minified();
    const after = asciiBundle(before.code, before.map);
    const [oldMap, newMap] = [new SourceMap(before.map), new SourceMap(after.map as SourceMapPayload)];
    // Every identifier-like token after an escape, found in both texts, maps to the same place.
    const tokens = ["Error", "replace", "test", "after the regular expressions"];
    const lines = [before.code.split("\n"), after.code.split("\n")] as const;
    const positions = (line: string, token: string) =>
      line
        .split(token)
        .slice(0, -1)
        .map((_, k, parts) => parts.slice(0, k + 1).join(token).length);
    let checked = 0;
    lines[0].forEach((oldLine, n) => {
      for (const token of tokens) {
        const [olds, news] = [positions(oldLine, token), positions(lines[1][n] ?? "", token)];
        expect(news.length).toBe(olds.length);
        olds.forEach((oldAt, k) => {
          const o = oldMap.findEntry(n, oldAt) as { originalLine?: number; originalColumn?: number };
          const a = newMap.findEntry(n, news[k] ?? 0) as { originalLine?: number; originalColumn?: number };
          expect([a.originalLine, a.originalColumn]).toEqual([o.originalLine, o.originalColumn]);
          checked++;
        });
      }
    });
    expect(checked).toBeGreaterThan(4);
    // And the error thrown past every escape on its line still maps to its own line of the source.
    const at = after.code.indexOf("after the regular expressions");
    const line = after.code.slice(0, at).split("\n").length - 1;
    const column = at - after.code.lastIndexOf("\n", at) - 1;
    expect((newMap.findEntry(line, column) as { originalLine?: number }).originalLine).toBe(4);
  });

  it("leaves an ASCII bundle and its map as they are", () => {
    const code = "var a=/[:]/g;module.exports={a};";
    const map = { version: 3, sources: ["a.ts"], mappings: "AAAA,IAAI" };
    expect(asciiBundle(code, map)).toEqual({ code, map });
  });
});
