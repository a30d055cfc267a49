import type { PerYear } from "../rules/ruleset.js";
import { joinList } from "./format.js";

/**
 * The club's rules in French, as duelists, referees and admins read them (`GET /regles`): every
 * rule id of docs/RULES.md with its statement and the interpretation the referee applies, each
 * figure (points, delays, words, sanctions, spells) taken from the ruleset itself, as the duelists'
 * guide is, so the page never says other than what is counted.
 */
export interface RuleText {
  readonly id: string;
  readonly title: string;
  readonly statement: string;
  /** The choice made where the club's texts are silent or contradict each other. */
  readonly interpretations: readonly string[];
}

export interface RuleSection {
  /** The section's anchor (`R-4`). */
  readonly id: string;
  readonly title: string;
  readonly intro?: string;
  readonly rules: readonly RuleText[];
}

export const rule = (
  id: string,
  title: string,
  statement: string,
  ...interpretations: string[]
): RuleText => ({
  id,
  title,
  statement,
  interpretations,
});

const YEAR_KEYS = ["1", "2", "3", "4", "5", "6", "7", "adulte"] as const;

/** A per-year table as a sentence: "1re année 15, 2e année 20, …, adulte 50". */
export function perYearList(table: PerYear, unit = ""): string {
  return joinList(
    YEAR_KEYS.map((y) => {
      const year = y === "adulte" ? "adulte" : y === "1" ? "1re année" : `${y}e année`;
      return `${year} ${table[y]}${unit}`;
    }),
  );
}

/** "1re", "2e", "3e": an ordinal in French typography. */
export const ordinal = (n: number) => (n === 1 ? "1re" : `${n}e`);
