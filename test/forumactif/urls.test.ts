import { describe, expect, it } from "vitest";
import { parseTopicId, parseTopicOffset, topicUrl } from "../../shared/forumactif/urls.js";

describe("Forumactif topic addresses", () => {
  it("writes the first page and later pages", () => {
    expect(topicUrl("https://duel-club.forumactif.com/", "482", 0, "duel-harry")).toBe(
      "https://duel-club.forumactif.com/t482-duel-harry",
    );
    expect(topicUrl("https://duel-club.forumactif.com", "482", 50, "duel-harry")).toBe(
      "https://duel-club.forumactif.com/t482p50-duel-harry",
    );
    expect(topicUrl("http://127.0.0.1:8080", "7")).toBe("http://127.0.0.1:8080/t7-topic");
    expect(() => topicUrl("https://x", "12abc")).toThrow(RangeError);
    expect(() => topicUrl("https://x", "12", -25)).toThrow(RangeError);
  });

  it("reads the topic id and offset back from addresses and bare ids", () => {
    expect(parseTopicId("https://duel-club.forumactif.com/t482-duel-harry")).toBe("482");
    expect(parseTopicId("https://duel-club.forumactif.com/t482p25-duel-harry#10250")).toBe("482");
    expect(parseTopicId("/t482-duel")).toBe("482");
    expect(parseTopicId("t482")).toBe("482");
    expect(parseTopicId(" 482 ")).toBe("482");
    expect(parseTopicId("https://duel-club.forumactif.com/f3-salle-de-duel")).toBeNull();
    expect(parseTopicId("https://duel-club.forumactif.com/u12")).toBeNull();
    expect(parseTopicOffset("/t482p25-duel")).toBe(25);
    expect(parseTopicOffset("https://x.forumactif.com/t482-duel")).toBe(0);
    expect(parseTopicOffset("/f3-salle")).toBeNull();
  });
});
