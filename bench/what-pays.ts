import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseForumactifDate } from "../shared/forumactif/dates.js";
import { readTopicPage } from "../shared/forumactif/read-topic-page.js";
import { TEMPLATE_VERSIONS } from "../shared/forumactif/types.js";
import { readPost } from "../shared/parsing/read-post.js";
import { matchNamedList } from "../shared/parsing/spell-matcher.js";
import { countSegments } from "../shared/parsing/word-count.js";
import { defaultRuleset } from "../shared/rules/default-ruleset.js";
import { CORPUS } from "../test/fixtures/posts/corpus.js";
import { ctx as corpusContext } from "../test/parsing/context.js";
import { formatBoardDate } from "../test/support/forumactif/format-date.js";
import { renderTopicPage } from "../test/support/forumactif/render-topic.js";
import { fullPage } from "./forumactif-read.js";
import { median, round } from "./stats.js";
import { dropVariants, variant } from "./variant.js";

/**
 * What the parser's and the cold start's smaller pieces of performance work pay, each against the
 * way it replaced, in turn: per post in this process (µs, median of batches), and once per cold
 * start in fresh processes (ms, median of rounds). Not part of `npm run bench`:
 *
 *   npx tsx bench/what-pays.ts
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A French role-play post of about 150 words, as the word count reads it. */
const POST = Array.from(
  { length: 6 },
  (_, i) =>
    `Le duelliste s'avança d'un pas, la baguette levée, et l'arbitre hocha la tête (tour ${i + 1}). « Aujourd'hui, tu vas comprendre pourquoi on m'appelle le porte-malheur… » souffla-t-il, les yeux plissés — puis il se tut, attendant la réponse de son adversaire, qui ne vint pas.`,
).join("\n\n");

/**
 * Median µs of one call, over batches of `size` calls, the cases taking turns batch by batch; each
 * batch starts with the next case, so that none always runs right after another's garbage.
 */
function perCall(cases: Record<string, () => unknown>, size = 200, batches = 60): Record<string, number> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  const entries = Object.entries(cases);
  for (let b = 0; b < batches + 10; b++) {
    const turn = [...entries.slice(b % entries.length), ...entries.slice(0, b % entries.length)];
    for (const [name, call] of turn) {
      const t0 = performance.now();
      for (let i = 0; i < size; i++) call();
      const us = ((performance.now() - t0) * 1000) / size;
      if (b >= 10) times[name]?.push(us);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, round(median(v), 3)]));
}

/** The one-way word count this module's scanner replaced: every piece through Intl.Segmenter. */
const segmenter = new Intl.Segmenter("fr", { granularity: "word" });
function segmenterCount(text: string): number {
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++;
  return words;
}
if (segmenterCount(POST) !== countSegments(POST)) throw new Error("the two word counts differ");

const wordCount = perCall({
  scanner: () => countSegments(POST),
  segmenter: () => segmenterCount(POST),
});

// The spell lookup is built once per ruleset object; a fresh copy of the ruleset builds it again.
const copies = Array.from({ length: 1_500 }, () => structuredClone(defaultRuleset));
let next = 0;
const spells = perCall(
  {
    "lookup kept": () => matchNamedList("Rictusempra", defaultRuleset),
    "lookup built": () => matchNamedList("Rictusempra", copies[next++] ?? defaultRuleset),
  },
  50,
  20,
);

// Each cache below against a copy of shared/ with it back or without it (bench/variant.ts), in turn.
type ReadPostFn = typeof import("../shared/parsing/read-post.js").readPost;
type ReadTopicPageFn = typeof import("../shared/forumactif/read-topic-page.js").readTopicPage;
type ParseDateFn = typeof import("../shared/forumactif/dates.js").parseForumactifDate;
const as = async <T>(root: string, module: string, name: string): Promise<T> =>
  (await import(join(root, module)))[name] as T;

// A copy with no edit: how far a copy's figures fall from the code's own, with nothing changed.
const unedited = variant("unedited", {});
// The two caches removed, put back as they were (commit 51028f5) to show what they paid.
const withMemo = variant("recap-memo", {
  "shared/parsing/recap.ts": [
    [
      "function fieldOfWritten(written: string): BlockField | undefined {\n  return blockFieldOf(normalizeKey(written));\n}\n",
      "const known = new Map<string, BlockField | null>();\nfunction fieldOfWritten(written: string): BlockField | undefined {\n  const remembered = known.get(written);\n  if (remembered !== undefined) return remembered ?? undefined;\n  const field = blockFieldOf(normalizeKey(written));\n  if (known.size >= 512) known.clear();\n  known.set(written, field ?? null);\n  return field;\n}\n",
    ],
  ],
});
// The formatter cache, kept, against the code without it.
const noFormatterCache = variant("no-formatter-cache", {
  "shared/time/zoned-time.ts": [["    FORMATTERS.set(timeZone, found);\n", ""]],
});

// The recap's memo removed: the corpus's real posts (51, four forum styles), each read whole.
const readPostWithMemo = await as<ReadPostFn>(withMemo, "shared/parsing/read-post.ts", "readPost");
const readCorpus = (read: ReadPostFn) => () => {
  for (const post of CORPUS) read(post.content, post.format, corpusContext);
};
const corpusRead = perCall(
  {
    "corpus, as is": readCorpus(readPost),
    "corpus, an unedited copy": readCorpus(
      await as<ReadPostFn>(unedited, "shared/parsing/read-post.ts", "readPost"),
    ),
    "corpus, memo back": readCorpus(readPostWithMemo),
  },
  5,
  40,
);
const recapMemo = Object.fromEntries(
  Object.entries(corpusRead).map(([k, v]) => [`${k} (a post)`, round(v / CORPUS.length, 2)]),
);

// The formatter cache: a topic page of 25 posts read whole, in each template.
const NOW = "2026-12-01T13:30:00.000Z";
const PAGES = TEMPLATE_VERSIONS.map((template) =>
  renderTopicPage(
    { topicId: "482", slug: "duel", title: "Duel", perPage: 25, posts: fullPage() },
    { template, offset: 0, timeZone: "Europe/Paris", now: NOW },
  ),
);
const readPages = (read: ReadTopicPageFn) => () => {
  for (const html of PAGES) read(html, { timeZone: "Europe/Paris", now: NOW });
};
const pageRead = perCall(
  {
    "page, as is": readPages(readTopicPage),
    "page, an unedited copy": readPages(
      await as<ReadTopicPageFn>(unedited, "shared/forumactif/read-topic-page.ts", "readTopicPage"),
    ),
    "page, no formatter cache": readPages(
      await as<ReadTopicPageFn>(noFormatterCache, "shared/forumactif/read-topic-page.ts", "readTopicPage"),
    ),
  },
  2,
  30,
);
const topicPage = Object.fromEntries(
  Object.entries(pageRead).map(([k, v]) => [`${k} (ms)`, round(v / PAGES.length / 1000, 3)]),
);

// A page's worth of dates alone: the 25 posts' dates as a French board shows them.
const DATES = fullPage().map((post) =>
  formatBoardDate(post.createdAt, { timeZone: "Europe/Paris", now: NOW, language: "fr", style: "full" }),
);
const parseDates = (parse: ParseDateFn) => () => {
  for (const text of DATES) parse(text, { timeZone: "Europe/Paris", now: NOW });
};
const dates = perCall(
  {
    "25 dates, formatter kept": parseDates(parseForumactifDate),
    "25 dates, formatter built": parseDates(
      await as<ParseDateFn>(noFormatterCache, "shared/forumactif/dates.ts", "parseForumactifDate"),
    ),
  },
  5,
  40,
);
dropVariants();

/** What one fresh process takes for `code` (ES module; tsx loaded when it imports TypeScript). */
function fresh(code: string, withTsx: boolean): number {
  const out = execFileSync(
    process.execPath,
    [...(withTsx ? ["--import", "tsx"] : []), "--input-type=module", "-e", code],
    { cwd: ROOT, encoding: "utf8" },
  );
  return Number(out.trim().split("\n").at(-1));
}

const at = (module: string) => JSON.stringify(`${ROOT}${module}`);
const FRESH: Record<string, { code: string; tsx: boolean }> = {
  "first Intl.DateTimeFormat (fr-FR, Europe/Paris) and a date": {
    code: `const t = performance.now(); new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date()); console.log(performance.now() - t);`,
    tsx: false,
  },
  "first parisWallTime (shared/time/zoned-time.ts)": {
    code: `const { parisWallTime } = await import(${at("shared/time/zoned-time.ts")}); const t = performance.now(); parisWallTime(new Date()); console.log(performance.now() - t);`,
    tsx: true,
  },
  "first Intl.Segmenter (fr, word) and a post": {
    code: `const text = ${JSON.stringify(POST)}; const t = performance.now(); let n = 0; for (const s of new Intl.Segmenter("fr", { granularity: "word" }).segment(text)) if (s.isWordLike) n++; console.log(performance.now() - t);`,
    tsx: false,
  },
  "first countSegments of a post (scanner)": {
    code: `const { countSegments } = await import(${at("shared/parsing/word-count.ts")}); const text = ${JSON.stringify(POST)}; const t = performance.now(); countSegments(text); console.log(performance.now() - t);`,
    tsx: true,
  },
  "the ruleset's zod schemas built (rulesetSchemas)": {
    code: `const { rulesetSchemas } = await import(${at("shared/rules/ruleset.ts")}); const t = performance.now(); rulesetSchemas(); console.log(performance.now() - t);`,
    tsx: true,
  },
};
const loadAtStart = loadavg()[0] ?? 0;
const freshTimes: Record<string, number[]> = Object.fromEntries(Object.keys(FRESH).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, { code, tsx }] of Object.entries(FRESH)) freshTimes[name]?.push(fresh(code, tsx));
}

const lines = [
  "Per post (µs, median of batches, the cases in turn):",
  ...Object.entries({ ...wordCount, ...spells, ...recapMemo, ...dates, ...topicPage }).map(
    ([k, v]) => `  ${k.padEnd(36)} ${v}${k.endsWith("(ms)") ? "" : " µs"}`,
  ),
  `Once per process (ms, median of ${ROUNDS} fresh processes, the cases in turn):`,
  ...Object.entries(freshTimes).map(([k, v]) => `  ${k.padEnd(52)} ${round(median(v), 2)} ms`),
  `Node ${process.versions.node}, load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}`,
];
process.stdout.write(`${lines.join("\n")}\n`);
