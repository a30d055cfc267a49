import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript-ast";

/** A string, template or JSX text of the source, with `{}` where a template inserts a value. */
export interface Literal {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/**
 * What marks a literal as French: an accented letter or French quotes, an elided article
 * (`l'arbitre`, `n'est`), a French word that English code never spells alone, or the space French
 * puts before `:` and `;`. Only literals with a letter outside their `{}` are judged: a template
 * that only joins values (`${a} : ${b}.`) says nothing itself.
 */
const FRENCH = new RegExp(
  [
    "[àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ«»]",
    String.raw`(?<![\p{L}\-])[nldqsjc]'\p{L}`,
    String.raw`(?<![\p{L}\-])(?:le|la|les|du|des|un|une|de|ce|cet|cette|ces|au|aux|et|ou|est|sont|pas|ne|que|qui|en|se|sa|son|ses|sur|dans|pour|avec|vous|tu|il|elle|leur|par|doit|peut|vaut|aucun|aucune|inconnu|inconnue|nouveau|nouvelle)(?![\p{L}\-])`,
    String.raw`\s[:;?!](?:\s|$)`,
  ].join("|"),
  "iu",
);

export function looksFrench(text: string): boolean {
  return /\p{L}/u.test(text.replaceAll("{}", "")) && FRENCH.test(text);
}

function sourceFiles(dir: string, skip: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === skip ? [] : sourceFiles(path, skip);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every literal of a source file (module specifiers aside: they are paths, not words). */
export function literalsOf(path: string, file = path): Literal[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Literal[] = [];
  const add = (node: ts.Node, text: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ file, line, text });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isJsxText(node)) add(node, node.text.trim());
    else if (ts.isTemplateExpression(node))
      add(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join("{}"));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The French-looking literals of every source file under `root`, outside `root/texts`. */
export function frenchLiteralsOutsideTexts(root: string): Literal[] {
  return sourceFiles(root, join(root, "texts")).flatMap((path) =>
    literalsOf(path, relative(join(root, ".."), path)).filter((l) => looksFrench(l.text)),
  );
}
