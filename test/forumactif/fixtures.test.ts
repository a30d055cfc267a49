import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readTopicPage } from "../../shared/forumactif/read-topic-page.js";
import { TEMPLATE_VERSIONS } from "../../shared/forumactif/types.js";
import { sampleDuelTopic } from "../support/forumactif/sample-topic.js";
import { FIXTURE_DIR, FIXTURE_NOW, fixtureName } from "../support/forumactif/write-fixtures.js";
import { expectedPost } from "./expected.js";

describe("The frozen fixture pages (test/fixtures/forumactif) read back the sample duel", () => {
  const topic = sampleDuelTopic();
  for (const template of TEMPLATE_VERSIONS) {
    it(`${template}: three pages, seven posts`, () => {
      const posts = [0, 3, 6].flatMap((offset) => {
        const html = readFileSync(`${FIXTURE_DIR}${fixtureName(template, offset)}`, "utf8");
        const page = readTopicPage(html, { timeZone: "Europe/Paris", now: FIXTURE_NOW });
        expect(page.pagination.offset).toBe(offset);
        return page.posts;
      });
      expect(posts).toEqual(topic.posts.map(expectedPost));
    });
  }
});
