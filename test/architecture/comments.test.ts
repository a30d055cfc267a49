import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript-ast";
import { describe, expect, test } from "vitest";
import { ROOT } from "./import-graph.js";

/**
 * An issue or pull request named in a comment: "issue", "issues", "PR" or "pull request" and a
 * number (with or without `#`), or a number after `#` in parentheses, as GitHub links them. Not
 * a section of the contract (`CONTRACT.md 4.3`), a rule (`R-4.6`), a standard's number
 * (`UAX #29`) nor a forum account (`#42`), which say what the code follows.
 */
const ISSUE_REFERENCE = /\b(?:issues?|PR|pull request)\s*#?\d+|\(#\d+\)/i;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every comment of a source, once, with the line it starts on (1-based). */
function commentsOf(text: string, tsx: boolean): { line: number; text: string }[] {
  const kind = tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(tsx ? "s.tsx" : "s.ts", text, ts.ScriptTarget.ES2022, true, kind);
  const found = new Map<number, string>();
  const add = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(text, node.getFullStart()));
    // `{/* … */}` in JSX: the comment is all the expression holds.
    if (ts.isJsxExpression(node)) add(ts.getTrailingCommentRanges(text, node.getStart() + 1));
    add(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(file);
  return [...found]
    .sort(([a], [b]) => a - b)
    .map(([pos, comment]) => ({ line: file.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

/** The comments of a source that name an issue, as `line: text`. */
function issueReferences(text: string, tsx: boolean): string[] {
  if (!ISSUE_REFERENCE.test(text)) return [];
  return commentsOf(text, tsx)
    .filter((comment) => ISSUE_REFERENCE.test(comment.text))
    .map((comment) => `${comment.line}: ${comment.text.match(ISSUE_REFERENCE)?.[0]}`);
}

describe("comments say why, not history", () => {
  test("no comment names an issue or a pull request (git keeps the history)", () => {
    const found = ["shared", "functions", "infra", "bench", "test"]
      .flatMap((dir) => sourcesUnder(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .flatMap((source) =>
        issueReferences(readFileSync(join(ROOT, source), "utf8"), source.endsWith(".tsx")).map(
          (reference) => `${source}:${reference}`,
        ),
      );
    expect(found).toEqual([]);
  });

  test("the pattern finds issues in comments only, and leaves contract sections, rules and accounts", () => {
    const source = [
      "// Read politely (issue 14): a User-Agent.",
      "/** The bundle is measured (issue #7). */",
      "/*",
      " * Fixed in PR 12, then (#31).",
      " */",
      "// CONTRACT.md 4.3 and R-4.6; UAX #29 word rules; `#42 Alice Dubois` names an account.",
      'const title = "issue 14 in a string is not a comment";',
      "const jsx = 1; // issues 15 and 16",
    ].join("\n");
    expect(issueReferences(source, false)).toEqual([
      "1: issue 14",
      "2: issue #7",
      "3: PR 12",
      "8: issues 15",
    ]);
    expect(issueReferences("const a = <div>{/* issue 3 */}</div>;", true)).toEqual(["1: issue 3"]);
  });
});
