import { describe, expect, it } from "vitest";
import { timeLeft } from "../../shared/http/admin/time.js";

describe("deadlines on the admin pages", () => {
  it("R-6.1 shows the time left before the deadline, or how late it is", () => {
    expect(timeLeft("2026-11-30T10:00:00Z", "2026-12-03T10:00:00Z")).toBe("il reste 3 j 0 h");
    expect(timeLeft("2026-11-30T10:00:00Z", "2026-11-30T15:20:00Z")).toBe("il reste 5 h 20 min");
    expect(timeLeft("2026-11-30T10:30:00Z", "2026-11-30T10:00:00Z")).toBe("échéance dépassée de 30 min");
  });
});
