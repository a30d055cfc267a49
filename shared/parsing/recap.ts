/**
 * The recap without tags (CONTRACT.md 5, "Without tags"): the `key : value` lines duelists end
 * their posts with on their forums, read with the keys and the pair reader of the `[duel]` block
 * (action-block.ts, key-value.ts), wherever the author's own text holds them: lines, list items,
 * table cells, one line cut by separators, an RP template.
 */
import { type BlockField, type BlockValues, blockFieldOf } from "./action-block.js";
import { cleanValue, readKeyValue, splitPairs } from "./key-value.js";
import { normalizeKey } from "./normalize.js";

/** A recap found in the author's text. */
export interface Recap {
  /** The values of the recap that counts, by field, as the action block reader takes them. */
  readonly values: BlockValues;
  /** Where every recap of the post stands in the text: recaps are not the post's words. */
  readonly ranges: readonly (readonly [number, number])[];
}

/** One pair found: its field, its value (null while or when it has none) and where it stands. */
interface Found {
  readonly field: BlockField;
  value: string | null;
  readonly start: number;
  end: number;
  /** The pair opens its line (or its row's first cell). */
  readonly opensLine: boolean;
  /** Where its value stands when apart from its key: the cell under a header cell. */
  valueAt?: readonly [number, number];
}

/** A span of the text: a line, or one cell of a table row. */
interface Span {
  readonly start: number;
  readonly end: number;
  readonly first: boolean;
  readonly cell: boolean;
}

/** Text without any of these holds no pair: most posts' lines are skipped on this test alone. */
const MAY_HOLD_PAIR = /[:：\t|]/;
const HAS_WORD = /[\p{L}\p{N}]/u;
/** A key alone on its line or cell, without value, takes the next one as its value if this short. */
const NEXT_VALUE_MAX = 60;
/** A lone key is a recap only with a value this short: past it, `Action : …` is prose. */
const LONE_VALUE_MAX = 100;
/** A line of dialogue (`« Cible : toi. »`, `— Zone : …`) is prose, whatever its first word. */
const DIALOGUE = /^[«“"—–]/;
/** Decoration around a key alone in a cell: `**Sort**`, `Sort :`. */
const KEY_DECORATION = /^[\s*_~•·-]+|[\s*_~:：]+$/g;

function trimmed(text: string, start: number, end: number): [number, number] {
  let a = start;
  let b = end;
  while (a < b && /\s/.test(text.charAt(a))) a++;
  while (b > a && /\s/.test(text.charAt(b - 1))) b--;
  return [a, b];
}

/**
 * The spans of one line: its cells when it is a table row (cells start with a tab, see
 * html-text.ts; or a Markdown row `| a | b |`), else the line itself.
 */
function spansOf(text: string, start: number, end: number): Span[] {
  const line = text.slice(start, end);
  const tabbed = line.includes("\t");
  const piped = !tabbed && /^\s*\|/.test(line);
  if (!tabbed && !piped) {
    const [a, b] = trimmed(text, start, end);
    return a < b ? [{ start: a, end: b, first: true, cell: false }] : [];
  }
  const spans: Span[] = [];
  let cellStart = start;
  for (let i = start; i <= end; i++) {
    const c = i < end ? text.charAt(i) : "\t";
    if (c !== "\t" && !(piped && c === "|")) continue;
    const [a, b] = trimmed(text, cellStart, i);
    if (a < b) spans.push({ start: a, end: b, first: spans.length === 0, cell: true });
    cellStart = i + 1;
  }
  return spans;
}

/** Groups of pairs written together; prose between them ends a group. */
class Grouper {
  readonly groups: Found[][] = [];
  private group: Found[] = [];
  /** A key whose value is the next line or cell (`Sort :` then `Incendio`). */
  private waiting: Found | null = null;

  /** The key cells of a header row (`| Sort | Cible | Pari |`), waiting for the row of values. */
  private header: Found[] | null = null;

  /**
   * A table row: a header of keys only, the values under such a header, or cells read one by one
   * (a key cell followed by its value cell).
   */
  readRow(text: string, spans: readonly Span[]): void {
    const cells = spans.filter((span) => HAS_WORD.test(text.slice(span.start, span.end)));
    if (cells.length === 0) return; // `|---|---|`
    const header = this.header;
    this.header = null;
    const fields = cells.map((span) => keyOfCell(text.slice(span.start, span.end)));
    if (header && header.length === cells.length && fields.every((f) => f === undefined)) {
      header.forEach((found, i) => {
        const cell = cells[i];
        if (!cell) return;
        found.value = cleanValue(text.slice(cell.start, cell.end));
        found.valueAt = [cell.start, cell.end];
      });
      return;
    }
    if (cells.length >= 2 && fields.every((f) => f !== undefined)) {
      this.close();
      const keys = cells.map((span, i) => ({
        field: fields[i] ?? "spell",
        value: null,
        start: span.start,
        end: span.end,
        opensLine: i === 0,
      }));
      this.group.push(...keys);
      this.header = keys;
      return;
    }
    for (const span of spans) this.read(text, span);
  }

  read(text: string, span: Span): void {
    const s = text.slice(span.start, span.end);
    if (!HAS_WORD.test(s)) return; // decoration: `~~~`, `───`, `|---|`
    const waiting = this.waiting;
    this.waiting = null;
    const hasColon = /[:：]/.test(s);
    if (waiting && s.length <= NEXT_VALUE_MAX && !(hasColon && readKeyValue(s, blockFieldOf))) {
      const value = cleanValue(s);
      if (value !== null && (!span.cell || keyOfCell(s) === undefined)) {
        waiting.value = value;
        waiting.end = span.end;
        return;
      }
    }
    if (span.cell && !hasColon) {
      const field = keyOfCell(s);
      if (field !== undefined) {
        this.add({ field, value: null, start: span.start, end: span.end, opensLine: span.first }, true);
        return;
      }
    }
    if (!hasColon || !keyBeforeColon(s)) {
      this.close();
      return;
    }
    let offset = span.start;
    for (const piece of splitPairs(s, blockFieldOf)) {
      const pair = readKeyValue(piece, blockFieldOf);
      if (pair) {
        const found: Found = {
          field: pair.key,
          value: cleanValue(pair.value),
          start: offset,
          end: offset + piece.length,
          opensLine: span.first && offset === span.start && !DIALOGUE.test(piece),
        };
        this.add(found, found.start === span.start && found.end === span.end);
      } else if (HAS_WORD.test(piece)) {
        this.close(); // prose before the pairs of this line (only a first piece can be prose)
      }
      offset += piece.length;
    }
  }

  /** A key is waiting for its value on the next line: that line is read even without a colon. */
  get waitingForValue(): boolean {
    return this.waiting !== null;
  }

  /** `alone`: the key is all its line or cell holds, so its value may be the next one. */
  private add(found: Found, alone: boolean): void {
    this.group.push(found);
    this.waiting = found.value === null && alone ? found : null;
  }

  close(): void {
    if (this.group.length > 0) this.groups.push(this.group);
    this.group = [];
    this.waiting = null;
    this.header = null;
  }
}

/** Where words of a key may end before a colon. */
const KEY_WORD_SEPARATOR = /[\s/|;•·—–,()[\]{}]+/;

/**
 * Whether a known key of one to four words stands right before one of the colons of `s`. Most
 * lines with a colon are prose (`Elle comprit : …`): this test lets them skip splitPairs, which
 * tries a key at every word.
 */
function keyBeforeColon(s: string): boolean {
  COLON.lastIndex = 0;
  for (let m = COLON.exec(s); m !== null; m = COLON.exec(s)) {
    const words = s
      .slice(Math.max(0, m.index - 48), m.index)
      .split(KEY_WORD_SEPARATOR)
      .filter((w) => w !== "");
    let key = "";
    for (let k = 1; k <= 4 && k <= words.length; k++) {
      key = k === 1 ? (words[words.length - 1] ?? "") : `${words[words.length - k] ?? ""} ${key}`;
      if (fieldOfWritten(key) !== undefined) return true;
    }
  }
  return false;
}

/** The field a key as written names (`**Sort**`, `Pari de dé`), if any. */
function fieldOfWritten(written: string): BlockField | undefined {
  return blockFieldOf(normalizeKey(written));
}

const COLON = /[:：]/g;

function keyOfCell(cell: string): BlockField | undefined {
  return cell.length > 48 ? undefined : fieldOfWritten(cell.replace(KEY_DECORATION, ""));
}

/**
 * A line of another list of `key : value` (a character sheet: `Année : 3e`, `Maison : Serdaigle`):
 * a known key alone among such lines is that list's, not a recap.
 */
const OTHER_PAIR = /^[\s*_~>•·-]*\p{L}[\p{L}\p{N}'’ -]{0,28}?\s*[:：]\s*\S/u;
const OTHER_PAIR_MAX = 80;

/** The nearest line with a word before `from` (step -1) or after it (step 1), if any. */
function neighbour(text: string, from: number, step: -1 | 1): string | null {
  let at = from;
  for (let i = 0; i < 50; i++) {
    if (step < 0) {
      const end = text.lastIndexOf("\n", at - 1);
      if (end < 0) return null;
      const start = text.lastIndexOf("\n", end - 1) + 1;
      const line = text.slice(start, end);
      if (HAS_WORD.test(line)) return line;
      at = start;
    } else {
      const start = text.indexOf("\n", at);
      if (start < 0) return null;
      const end = text.indexOf("\n", start + 1);
      const line = text.slice(start + 1, end < 0 ? text.length : end);
      if (HAS_WORD.test(line)) return line;
      at = start + 1;
    }
  }
  return null;
}

const isOtherPair = (line: string | null) =>
  line !== null && line.length <= OTHER_PAIR_MAX && OTHER_PAIR.test(line);

/**
 * A recap: two keys or more written together, or one key opening its own line with a short
 * value, not among the lines of another list. A lone `zone :` inside a sentence is prose.
 */
function isRecap(text: string, group: readonly Found[]): boolean {
  const first = group[0];
  const last = group[group.length - 1];
  if (!first || !last) return false;
  if (new Set(group.map((f) => f.field)).size >= 2) return true;
  if (!first.opensLine || (first.value?.length ?? 0) > LONE_VALUE_MAX) return false;
  return !isOtherPair(neighbour(text, first.start, -1)) && !isOtherPair(neighbour(text, last.end, 1));
}

/** A recap that says what is cast and the bet: the one that counts when there are several. */
function isComplete(group: readonly Found[]): boolean {
  const has = (fields: readonly BlockField[]) =>
    group.some((f) => fields.includes(f.field) && f.value !== null);
  return has(["spell", "action", "particularity"]) && has(["bet"]);
}

/**
 * The author's recap without tags in `text` (the author's own text: see scanPost's `outside`),
 * or null when there is none. With several recaps, the last complete one counts; when none is
 * complete, their fields are read together, in order, so a recap cut in two by a line of prose
 * still gives all it says.
 */
export function findRecap(text: string): Recap | null {
  if (!MAY_HOLD_PAIR.test(text)) return null;
  const grouper = new Grouper();
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    if (grouper.waitingForValue || MAY_HOLD_PAIR.test(line)) {
      const spans = spansOf(text, start, end);
      if (spans[0]?.cell) grouper.readRow(text, spans);
      else for (const span of spans) grouper.read(text, span);
    } else if (HAS_WORD.test(line)) {
      grouper.close();
    }
    start = end + 1;
  }
  grouper.close();
  const recaps = grouper.groups.filter((group) => isRecap(text, group));
  if (recaps.length === 0) return null;
  const complete = recaps.findLast(isComplete);
  const values = new Map<BlockField, string[]>();
  for (const found of complete ?? recaps.flat()) {
    if (found.value === null) continue;
    const list = values.get(found.field);
    if (list) list.push(found.value);
    else values.set(found.field, [found.value]);
  }
  const ranges = recaps
    .flat()
    .flatMap((f) => (f.valueAt ? [[f.start, f.end] as const, f.valueAt] : [[f.start, f.end] as const]))
    .sort((a, b) => a[0] - b[0]);
  return { values, ranges };
}
