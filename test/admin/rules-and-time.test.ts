import { describe, expect, it } from "vitest";
import { parseRules } from "../../shared/http/admin/rules-doc.js";
import { timeLeft } from "../../shared/http/admin/time.js";

describe("rules text and deadlines on the admin pages", () => {
  it("gives each rule one anchor, at its first appearance, and reads odd lines without stalling", () => {
    const blocks = parseRules(
      "## 4. Spells\n| id | spell |\n|---|---|\n| R-4.1 | Feu |\n\n- **R-4.1 Note.** again\n  more\n#odd\n",
    );
    expect(blocks).toEqual([
      { kind: "heading", level: 2, text: "4. Spells", anchor: "R-4" },
      { kind: "table", head: ["id", "spell"], rows: [{ cells: ["R-4.1", "Feu"], anchor: "R-4-1" }] },
      { kind: "list", items: [{ text: "**R-4.1 Note.** again more", anchor: null }] },
      { kind: "paragraph", text: "#odd" },
    ]);
  });

  it("R-6.1 shows the time left before the deadline, or how late it is", () => {
    expect(timeLeft("2026-11-30T10:00:00Z", "2026-12-03T10:00:00Z")).toBe("il reste 3 j 0 h");
    expect(timeLeft("2026-11-30T10:00:00Z", "2026-11-30T15:20:00Z")).toBe("il reste 5 h 20 min");
    expect(timeLeft("2026-11-30T10:30:00Z", "2026-11-30T10:00:00Z")).toBe("échéance dépassée de 30 min");
  });
});
