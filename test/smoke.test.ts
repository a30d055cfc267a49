import { describe, expect, it } from "vitest";
import { addDuration, parseDuration } from "../shared/time/duration.js";

describe("durations", () => {
  it("R-6.9 a six-month ban ends on the same day six months later", () => {
    expect(addDuration("2026-03-31T10:00:00.000Z", "P6M")).toBe("2026-09-30T10:00:00.000Z");
    expect(addDuration("2026-11-30T10:00:00.000Z", "P6M")).toBe("2027-05-30T10:00:00.000Z");
  });
  it("R-6.1 reads the reply window", () => {
    expect(parseDuration("PT72H")).toMatchObject({ hours: 72 });
    expect(parseDuration("PT")).toBeNull();
    expect(parseDuration("bogus")).toBeNull();
  });
});
