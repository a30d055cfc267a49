import { describe, expect, it } from "vitest";
import { PING_EVERY_MS, PingLimiter } from "../../shared/http/ping-limiter.js";

describe("CONTRACT 4.4 the ping limiter's memory is bounded per forum", () => {
  it("CONTRACT 4.4 a flood of made-up topics, from any number of callers, never frees a real topic's limit", () => {
    let now = 0;
    const limiter = new PingLimiter(() => now);
    limiter.pinged("poudlard", "1234");
    let flooded = 0;
    for (let i = 0; i < 50_000; i++) {
      // Another forum's made-up topics, from ever new callers: its own memory, not poudlard's.
      limiter.charge(`address#10.0.${i >> 8}.${i & 255}`);
      limiter.pinged("poudlard-bis", String(100_000 + i));
      flooded++;
    }
    now += PING_EVERY_MS / 2;
    expect(limiter.wait("poudlard", "1234", "address#192.0.2.9")).toBeGreaterThan(0);
    expect(limiter.remembered("poudlard-bis")).toBeLessThanOrEqual(1000);
    now += PING_EVERY_MS;
    expect(limiter.wait("poudlard", "1234", "address#192.0.2.9")).toBe(0);
    expect(flooded).toBe(50_000);
  });

  it("CONTRACT 4.4 within one forum, a flood pushes out only the oldest topics, never past the bound", () => {
    const limiter = new PingLimiter(() => 0);
    for (let i = 0; i < 5000; i++) limiter.pinged("poudlard", String(i));
    expect(limiter.remembered("poudlard")).toBe(1000);
    expect(limiter.wait("poudlard", "4999", "address#192.0.2.9")).toBeGreaterThan(0);
  });
});
