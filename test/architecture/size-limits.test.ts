import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript-ast";
import { describe, expect, test } from "vitest";
import { ROOT } from "./import-graph.js";

/** The longest a function of the decider and the application layer may be, in lines. */
const MAX_FUNCTION_LINES = 80;
/** The longest a source file of `shared/` may be, in lines. */
const MAX_FILE_LINES = 600;

/**
 * Files still over the file limit, each with why; the list only ever shrinks. A reason is data
 * rather than a comment, so the check's output says it.
 */
const FILES_OVER_THE_LIMIT: Readonly<Record<string, string>> = {};

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Lines of a text, a final newline ending the last line rather than starting another. */
function lineCount(text: string): number {
  return text === "" ? 0 : text.replace(/\n$/, "").split("\n").length;
}

/** The name a function is known by: its own, its method's or property's, or its variable's. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText();
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    !ts.isComputedPropertyName(parent.name)
  )
    return parent.name.getText();
  if (ts.isConstructorDeclaration(node)) return "constructor";
  return "(anonymous)";
}

/**
 * Every function, method, accessor and arrow function of a source longer than `max` lines, from
 * its first line (its doc comment aside) to its last, as `line: name (n lines)`.
 */
function longFunctions(text: string, fileName: string, max: number): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = file.getLineAndCharacterOfPosition(fn.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push(`${first + 1}: ${nameOf(fn)} (${lines} lines)`);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

describe("sizes a reader can hold in mind", () => {
  test(`no function of shared/domain or shared/app is over ${MAX_FUNCTION_LINES} lines`, () => {
    const found = ["shared/domain", "shared/app"]
      .flatMap((dir) => sourcesUnder(join(ROOT, dir)))
      .flatMap((path) => {
        const source = relative(ROOT, path);
        return longFunctions(readFileSync(path, "utf8"), source, MAX_FUNCTION_LINES).map(
          (f) => `${source}:${f}`,
        );
      });
    expect(found).toEqual([]);
  });

  test(`no source file of shared/ is over ${MAX_FILE_LINES} lines`, () => {
    const sizes = sourcesUnder(join(ROOT, "shared")).map((path) => ({
      source: relative(ROOT, path),
      lines: lineCount(readFileSync(path, "utf8")),
    }));
    const over = sizes.filter((s) => s.lines > MAX_FILE_LINES);
    const unexpected = over.filter((s) => !(s.source in FILES_OVER_THE_LIMIT));
    expect(unexpected.map((s) => `${s.source} (${s.lines} lines)`)).toEqual([]);
    // An exception whose file came under the limit (or went) is removed from the list.
    const stale = Object.keys(FILES_OVER_THE_LIMIT).filter(
      (source) => !over.some((s) => s.source === source),
    );
    expect(stale).toEqual([]);
  });

  test("the function check finds functions, methods and arrow functions over the limit, and names them", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const source = [
      `export function long(): void {\n${body(79)}\n}`,
      `function short(): void {\n${body(78)}\n}`,
      `class Store {\n  save(): void {\n${body(79)}\n  }\n}`,
      `const arrow = () => {\n${body(79)}\n};`,
      `const outer = { handler: function () {\n${body(2)}\n} };`,
    ].join("\n");
    const found = longFunctions(source, "s.ts", 80);
    expect(found).toEqual(["1: long (81 lines)", "163: save (81 lines)", "245: arrow (81 lines)"]);
    expect(longFunctions(source, "s.ts", 2)).toContain("326: handler (4 lines)");
    expect(lineCount("a\nb\n")).toBe(2);
  });
});
