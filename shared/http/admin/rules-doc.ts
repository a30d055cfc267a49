import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ruleAnchor } from "./parts.js";

/** A block of docs/RULES.md, as the rules page renders it: only what that file uses. */
export type RulesBlock =
  | {
      readonly kind: "heading";
      readonly level: number;
      readonly text: string;
      readonly anchor: string | null;
    }
  | { readonly kind: "paragraph"; readonly text: string }
  | { readonly kind: "list"; readonly items: readonly { text: string; anchor: string | null }[] }
  | {
      readonly kind: "table";
      readonly head: readonly string[];
      readonly rows: readonly { cells: string[]; anchor: string | null }[];
    };

/**
 * Where the rules text is: beside the sources in a checkout (local, tests), or copied next to a
 * bundle's working directory. A Lambda bundle has neither unless the build copies the file.
 */
const CANDIDATES = [
  fileURLToPath(new URL("../../../docs/RULES.md", import.meta.url)),
  join(process.cwd(), "docs/RULES.md"),
];

let cached: Promise<string | null> | undefined;

export function loadRulesText(): Promise<string | null> {
  cached ??= (async () => {
    for (const path of CANDIDATES) {
      const text = await readFile(path, "utf8").catch(() => null);
      if (text !== null) return text;
    }
    return null;
  })();
  return cached;
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

/**
 * Splits the Markdown of docs/RULES.md into blocks and gives each rule its anchor: a list item
 * that opens with `**R-…`, a table row whose first cell is a rule id, a numbered section (`R-4`).
 * Only a rule's first appearance gets the anchor, so ids stay unique.
 */
export function parseRules(markdown: string): RulesBlock[] {
  const blocks: RulesBlock[] = [];
  const seen = new Set<string>();
  const anchor = (id: string | undefined): string | null => {
    if (!id || seen.has(id)) return null;
    seen.add(id);
    return ruleAnchor(id);
  };
  const lines = markdown.split("\n");
  let i = 0;
  const take = (while_: (line: string) => boolean): string[] => {
    const taken: string[] = [];
    while (i < lines.length && while_(lines[i] ?? "")) taken.push(lines[i++] ?? "");
    return taken;
  };
  while (i < lines.length) {
    const line = lines[i] ?? "";
    const heading = line.match(/^(#{1,4})\s+(.*)$/);
    if (heading) {
      i++;
      const text = heading[2] ?? "";
      const section = text.match(/^(\d+)\.\s/)?.[1];
      blocks.push({
        kind: "heading",
        level: heading[1]?.length ?? 2,
        text,
        anchor: anchor(section && `R-${section}`),
      });
    } else if (line.startsWith("- ")) {
      const items: { text: string; anchor: string | null }[] = [];
      for (const l of take((l) => /^(- |\s+\S)/.test(l))) {
        const last = items.at(-1);
        if (l.startsWith("- "))
          items.push({ text: l.slice(2), anchor: anchor(l.match(/^- \*\*(R-\d+\.\d+[a-z]?)/)?.[1]) });
        else if (last) last.text += ` ${l.trim()}`;
      }
      blocks.push({ kind: "list", items });
    } else if (line.startsWith("|")) {
      const rows = take((l) => l.startsWith("|")).map(cellsOf);
      const body = rows
        .slice(2)
        .map((cells) => ({ cells, anchor: anchor(cells[0]?.match(/^R-\d+\.\d+[a-z]?$/)?.[0]) }));
      blocks.push({ kind: "table", head: rows[0] ?? [], rows: body });
    } else if (line.trim() !== "") {
      i++; // the first line always, so an odd line (`#x`) cannot stall the loop
      const text = [line, ...take((l) => l.trim() !== "" && !/^(#|- |\|)/.test(l))].map((l) => l.trim());
      blocks.push({ kind: "paragraph", text: text.join(" ") });
    } else {
      i++;
    }
  }
  return blocks;
}
