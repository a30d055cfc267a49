import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { normalizeKey } from "../shared/parsing/normalize.js";
import { matchNamedList } from "../shared/parsing/spell-matcher.js";
import { countSegments } from "../shared/parsing/word-count.js";
import { defaultRuleset } from "../shared/rules/default-ruleset.js";
import { median, round } from "./stats.js";

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

/** Median µs of one call, over batches of `size` calls, the cases taking turns batch by batch. */
function perCall(cases: Record<string, () => unknown>, size = 200, batches = 60): Record<string, number> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let b = 0; b < batches + 10; b++) {
    for (const [name, call] of Object.entries(cases)) {
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

// The keys of a turn's [duel] block and its values: plain words take normalizeKey's short path; the
// same words with a trailing space (trimmed to the same key) take every step.
const KEYS = ["Sort", "Cible", "Zone", "Pari", "Rictusempra", "Bob Martin", "torse"];
const normalize = perCall({
  "plain words (short path)": () => KEYS.map(normalizeKey),
  "every step": () => KEYS.map((k) => normalizeKey(`${k} `)),
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
  "first parisParts (shared/time/paris-time.ts)": {
    code: `const { parisParts } = await import(${at("shared/time/paris-time.ts")}); const t = performance.now(); parisParts(new Date()); console.log(performance.now() - t);`,
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
  ...Object.entries({ ...wordCount, ...normalize, ...spells }).map(([k, v]) => `  ${k.padEnd(32)} ${v} µs`),
  `Once per process (ms, median of ${ROUNDS} fresh processes, the cases in turn):`,
  ...Object.entries(freshTimes).map(([k, v]) => `  ${k.padEnd(52)} ${round(median(v), 2)} ms`),
  `Node ${process.versions.node}, load average ${loadAtStart.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}`,
];
process.stdout.write(`${lines.join("\n")}\n`);
