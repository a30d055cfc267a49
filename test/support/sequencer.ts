import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { LONGEST_FIRST } from "../tiers.js";

/**
 * The tiers in the order they start within a group: the slow tier's long files first, the unit
 * tier's short ones last, where they fill whichever worker frees first.
 */
const PROJECTS = ["slow", "integration", "unit"];

/**
 * Vitest's order (by `sequence.groupOrder`, then its recorded durations or file size), with the
 * tiers in `PROJECTS`' order and the files of `LONGEST_FIRST` at the head of theirs.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const at = (LONGEST_FIRST as readonly string[]).indexOf(
        relative(root, spec.moduleId).split("\\").join("/"),
      );
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    const project = (spec: TestSpecification) => {
      const at = PROJECTS.indexOf(spec.project.name);
      return at < 0 ? PROJECTS.length : at;
    };
    // Array sort is stable: files alike keep vitest's order.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        project(a) - project(b) ||
        rank(a) - rank(b),
    );
  }
}
