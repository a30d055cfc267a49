import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript-ast";

/** The repository's root: the import graph's file names are relative to it. */
export const ROOT = resolve(import.meta.dirname, "../..");

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Whether a declaration brings in no value: `import type`, or only `type` specifiers. */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // a side-effect import runs the module
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      clause.name === undefined &&
      bindings !== undefined &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((e) => e.isTypeOnly)
    );
  }
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

/**
 * Which imports count: those that run the imported module when it is evaluated, or every one:
 * `import type`, `export … from`, an `import("…")` called later or named in a type.
 */
export type ImportKind = "values" | "all";

/** The relative specifiers a file names in `import("…")` calls and `import("…")` types. */
function dynamicSpecifiers(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal))
        found.push(argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The modules a source text names, in the order it names them (packages included). */
export function specifiersOf(text: string, kind: ImportKind): string[] {
  const file = ts.createSourceFile("source.ts", text, ts.ScriptTarget.ES2022);
  const declared = file.statements.flatMap((node) => {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node))) return [];
    const specifier = node.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) return [];
    if (kind === "values" && typeOnly(node)) return [];
    return [specifier.text];
  });
  return kind === "all" ? [...declared, ...dynamicSpecifiers(file)] : declared;
}

/** The project's files a source (relative to the root) imports from; packages are left out. */
export function importsOf(source: string, kind: ImportKind): string[] {
  const path = join(ROOT, source);
  const specifiers = specifiersOf(readFileSync(path, "utf8"), kind).filter((s) => s.startsWith("."));
  return [...new Set(specifiers.flatMap((specifier) => resolved(path, specifier)))];
}

/** The project file a relative specifier names, if it is one. */
function resolved(from: string, specifier: string): string[] {
  const target = resolve(dirname(from), specifier).replace(/\.js$/, "");
  const found = [".ts", ".tsx", "/index.ts"]
    .map((ext) => target + ext)
    .find((p) => statSync(p, { throwIfNoEntry: false }));
  return found ? [relative(ROOT, found)] : [];
}

/** Every source under `dirs` (relative to the root) with the project files it imports from. */
export function importGraph(dirs: readonly string[], kind: ImportKind): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of dirs)
    for (const path of sourcesUnder(join(ROOT, dir))) {
      const source = relative(ROOT, path);
      graph.set(source, importsOf(source, kind));
    }
  return graph;
}

/** Each cycle of the graph once, as the files it goes through (Tarjan's strongly connected components). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      component.push(top);
      if (top === node) break;
    }
    const selfLoop = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) components.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}
