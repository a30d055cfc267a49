import { beforeAll, describe, expect, it } from "vitest";
import { standaloneEntries } from "../../shared/app/effects.js";
import { channelIndexes, reaches, servesOf } from "../../shared/hiboux/routing.js";
import { type ChannelConfig, channelSchema } from "../../shared/ports/channels.js";
import type { ForumConfig } from "../../shared/ports/forum-store.js";
import { aHibou } from "../adapters/notifiers/hibou-fixture.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const DISCORD: ChannelConfig = { type: "discord", url: "https://discord.com/api/webhooks/1/t" };
const DISCOURSE: ChannelConfig = {
  type: "discourse",
  baseUrl: "https://forum.example",
  apiKey: "k",
  apiUsername: "arbitre",
};
const REFEREE = { role: "referee", id: "7", name: "Minerva McGonagall", username: "minerva" } as const;
const DUELIST = { role: "duelist", id: "u1", name: "Hermione Granger", username: "hermione" } as const;

function forum(notify: readonly ChannelConfig[]): ForumConfig {
  return {
    forumId: "poudlard",
    name: "Poudlard RPG",
    webhookSecrets: {},
    referees: [],
    notify,
    createdAt: "2026-12-01T00:00:00.000Z",
    updatedAt: "2026-12-01T00:00:00.000Z",
  };
}

describe("CONTRACT 3 routing by recipient", () => {
  it("CONTRACT 3 a duelist's reminder goes to that duelist by private message, never to a shared Discord channel", () => {
    const reminder = aHibou({ to: DUELIST, kind: "turn.reminder" });
    const everyone: ChannelConfig = { ...DISCORD, serves: ["referees", "public"] };
    expect(channelIndexes([everyone, DISCOURSE], reminder)).toEqual([1]);
    const entries = standaloneEntries(forum([everyone, DISCOURSE]), reminder, "2026-12-01T10:00:00.000Z");
    expect(entries.map((e) => e.effect.type === "notify" && e.effect.channelType)).toEqual(["discourse"]);
  });

  it("CONTRACT 3 the Legilimens relay goes to the referee alone, not to the referees' shared channel", () => {
    const relay = aHibou({ kind: "legilimens.relay" });
    const referees: ChannelConfig = { ...DISCORD, serves: ["referees"] };
    const minerva: ChannelConfig = { ...DISCORD, serves: ["referees"], refereeId: "7" };
    const severus: ChannelConfig = { ...DISCORD, serves: ["referees"], refereeId: "9" };
    expect(channelIndexes([referees, minerva, severus, DISCOURSE], relay)).toEqual([1, 3]);
    // A channel of one referee carries nothing meant for another, nor a duelist's hibou.
    expect(reaches(severus, aHibou({ kind: "fault.action" }))).toBe(false);
    expect(reaches({ ...DISCOURSE, refereeId: "7" }, aHibou({ to: DUELIST, kind: "fault.action" }))).toBe(
      false,
    );
  });

  it("CONTRACT 3 a shared channel that says nothing serves the public only: no referee-only hibou leaks into it", () => {
    const old: ChannelConfig = { type: "webhook", url: "https://example.org/h" };
    expect(servesOf(old)).toEqual(["public"]);
    expect(servesOf(DISCORD)).toEqual(["public"]);
    expect(reaches(DISCORD, aHibou({ kind: "referee.decision-needed" }))).toBe(false);
    expect(reaches(DISCORD, aHibou({ kind: "fault.action" }))).toBe(false);
    expect(reaches(DISCORD, aHibou({ kind: "duel.finished" }))).toBe(true);
    // A turn summary tells the referee how to overrule it: not for the public.
    expect(reaches(DISCORD, aHibou({ kind: "turn.resolved" }))).toBe(false);
    // The public reads the referee's copy once, not every duelist's.
    expect(reaches(DISCORD, aHibou({ to: DUELIST, kind: "duel.finished" }))).toBe(false);
    // A private-message channel that says nothing serves everyone, each in their own inbox.
    expect(servesOf(DISCOURSE)).toEqual(["referees", "duelists"]);
    expect(reaches(DISCOURSE, aHibou({ kind: "legilimens.relay" }))).toBe(true);
  });

  it("CONTRACT 3 a channel's kinds narrow it to those kinds or families", () => {
    const faults: ChannelConfig = { ...DISCORD, serves: ["referees"], kinds: ["fault", "duel.finished"] };
    expect(reaches(faults, aHibou({ kind: "fault.absence" }))).toBe(true);
    expect(reaches(faults, aHibou({ kind: "duel.finished" }))).toBe(true);
    expect(reaches(faults, aHibou({ kind: "duel.started" }))).toBe(false);
    expect(
      reaches({ ...DISCOURSE, kinds: ["turn.reminder"] }, aHibou({ to: DUELIST, kind: "fault.action" })),
    ).toBe(false);
  });

  it("CONTRACT 3 a referee's hibou reaches the referee's channel with the referee as recipient", () => {
    expect(reaches({ type: "log" }, aHibou({ to: REFEREE }))).toBe(true);
  });

  it("CONTRACT 3 the schema refuses a shared channel serving duelists, and a referee named off the referees", () => {
    const duelists = channelSchema.safeParse({ ...DISCORD, serves: ["duelists"] });
    expect(duelists.success).toBe(false);
    expect(duelists.error?.issues.map((i) => i.path.join("."))).toEqual(["serves"]);
    const named = channelSchema.safeParse({ ...DISCOURSE, serves: ["duelists"], refereeId: "7" });
    expect(named.error?.issues.map((i) => i.path.join("."))).toEqual(["refereeId"]);
    expect(channelSchema.safeParse({ ...DISCORD, serves: ["everyone"] }).success).toBe(false);
    expect(channelSchema.safeParse({ ...DISCORD, kinds: ["Fault Action"] }).success).toBe(false);
    expect(channelSchema.safeParse({ ...DISCORD, serves: ["referees"], refereeId: "7" }).success).toBe(true);
  });
});

describe("CONTRACT 3 PUT /forums validates whom channels serve", () => {
  let h: MemoryHarness;
  beforeAll(async () => {
    h = await memoryHarness();
  });

  it("CONTRACT 3 a Discord channel serving duelists is 400 naming notify.N.serves, state untouched", async () => {
    const res = await h.admin("PUT", "/forums/routing", {
      name: "Poudlard RPG",
      webhookSecrets: {},
      notify: [{ type: "log" }, { ...DISCORD, serves: ["referees", "duelists"] }],
    });
    expect(res.status).toBe(400);
    const error = res.body.error as { code: string; details: { path: string; message: string }[] };
    expect(error.code).toBe("invalid_body");
    expect(error.details).toContainEqual({
      path: "notify.1.serves",
      message: expect.stringContaining("duellistes"),
    });
    expect((await h.admin("GET", "/forums/routing")).status).toBe(404);
  });

  it("CONTRACT 3 serves, refereeId and kinds are stored and read back", async () => {
    const channel = { ...DISCORD, serves: ["referees"], refereeId: "7", kinds: ["fault"] };
    const res = await h.admin("PUT", "/forums/routing-ok", {
      name: "Poudlard RPG",
      webhookSecrets: {},
      notify: [channel],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const read = await h.admin("GET", "/forums/routing-ok");
    expect(JSON.stringify(read.body)).toContain('"serves":["referees"]');
  });
});
