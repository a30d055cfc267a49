import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { asReaderRuns, docExamples, missingOutput } from "../support/doc-examples.js";

const root = join(import.meta.dirname, "../..");

const doc = [
  "Intro.",
  "",
  "```sh no-run",
  "npm start",
  "```",
  "",
  "```sh",
  "curl -s localhost:3000/healthz",
  "```",
  "",
  "```text output",
  '{"ok":true}',
  "```",
  "",
  "A word between.",
  "",
  "```text output",
  "not the output of anything",
  "```",
  "",
  "```json",
  '{"curl": "a JSON body is no command"}',
  "```",
  "",
  "```",
  "curl -s localhost:3000/status",
  "```",
].join("\n");

describe("the guides' examples, as the examples test reads them", () => {
  it("runs sh blocks, skips sh no-run, and takes the text output that follows one", () => {
    const { examples, untagged } = docExamples(doc);
    expect(examples).toEqual([{ line: 7, code: "curl -s localhost:3000/healthz", output: ['{"ok":true}'] }]);
    expect(untagged).toEqual(["line 25: a command in a fence without language (make it sh, or sh no-run)"]);
  });

  it("pastes the reader's values, and refuses a placeholder it has no value for", () => {
    const values = { hostPort: "127.0.0.1:41234", placeholders: { "<ADMIN_TOKEN affiché>": "t0ken" } };
    expect(asReaderRuns("TOKEN='<ADMIN_TOKEN affiché>'\ncurl localhost:3000/x", values)).toBe(
      "TOKEN='t0ken'\ncurl 127.0.0.1:41234/x",
    );
    expect(() => asReaderRuns("S='<Secret Discourse affiché>'", values)).toThrow(
      "<Secret Discourse affiché>",
    );
  });

  it("finds the shown lines in order, … matching anything, answers printed on one line included", () => {
    const printed = '{"ok":true}{"id":"local.1234","status":"registered","turn":null}';
    expect(missingOutput(['{"ok":true}', '{"id":"local.1234",…"turn":null…'], printed)).toBeNull();
    expect(missingOutput(['{"id":"local.1234",…', '{"ok":true}'], printed)).toBe('{"ok":true}');
    expect(missingOutput(['{"ok":false}'], printed)).toBe('{"ok":false}');
  });

  it("the guides hold no command in a fence that says neither sh nor sh no-run", () => {
    for (const file of [
      "README.md",
      "docs/guide-arbitres.md",
      "docs/guide-forumactif.md",
      "docs/DEVELOPERS.md",
    ]) {
      expect(docExamples(readFileSync(join(root, file), "utf8")).untagged, file).toEqual([]);
    }
  });
});
