/**
 * Writes the sample duel topic's pages, in every template version, to test/fixtures/forumactif/,
 * frozen so that the reader is also checked against markup that no later change of the renderer
 * can move. Run `npx tsx test/support/forumactif/write-fixtures.ts` after a deliberate change.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TEMPLATE_VERSIONS } from "../../../shared/forumactif/types.js";
import { renderTopicPage } from "./render-topic.js";
import { sampleDuelTopic } from "./sample-topic.js";

/** The board's clock when the fixtures were written (their relative dates depend on it). */
export const FIXTURE_NOW = "2026-12-01T13:30:00.000Z";
export const FIXTURE_DIR = fileURLToPath(new URL("../../fixtures/forumactif/", import.meta.url));

export function fixtureName(template: string, offset: number): string {
  return `${template}-t482${offset > 0 ? `p${offset}` : ""}.html`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const topic = sampleDuelTopic();
  for (const template of TEMPLATE_VERSIONS) {
    for (const offset of [0, 3, 6]) {
      const html = renderTopicPage(topic, { template, offset, timeZone: "Europe/Paris", now: FIXTURE_NOW });
      writeFileSync(`${FIXTURE_DIR}${fixtureName(template, offset)}`, html);
    }
  }
}
