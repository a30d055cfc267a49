import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TourDraft, TourVerdict } from "../../shared/browser/tour-checks.js";
import type { TourData } from "../../shared/browser/tour-page.js";
import { tourScript } from "../../shared/browser/tour-script.js";
import { auditOf, DUEL_BODY, LONG_RP, postPayload, registerAndTop } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

/** The bundle the turn's page loads, run outside a browser: its own `checkTurn`, not the module's. */
interface Bundle {
  checkTurn(state: TourData["state"], draft: TourDraft, now: string, format: string): TourVerdict;
}

let bundle: Bundle;
beforeAll(async () => {
  const context: Record<string, unknown> = {};
  runInNewContext(await tourScript(), context);
  bundle = context.duelTour as Bundle;
}, 60_000);

const ALICE = { id: "42", name: "Alice Dubois" };
const BOB = { id: "43", name: "Bob Martin" };

/** A post as the page prepares it, with these fields. */
const draft = (author: { id: string }, fields: Partial<TourDraft>): TourDraft => ({
  duelistId: author.id,
  spell: "Sortilège de Feu",
  recoverWand: false,
  target: author.id === ALICE.id ? BOB.name : ALICE.name,
  zone: "torse",
  bet: "4",
  text: LONG_RP,
  ...fields,
});

let posts = 0;
let minutes = 0;

/**
 * The bundle's verdict on the duel the page shows, then the same post sent through the forum's
 * webhook at the same instant: the referee's violations for it (a fault, or a correction's missing fields).
 */
async function both(
  h: MemoryHarness,
  duelId: string,
  author: { id: string; name: string },
  fields: Partial<TourDraft>,
) {
  minutes += 5;
  const at = new Date(Date.parse("2026-12-01T10:00:00.000Z") + minutes * 60_000).toISOString();
  h.clock.set(at);
  const page = await (await h.app.request(`/club/poudlard/duels/${duelId}/tour`)).text();
  const data = JSON.parse(/id="tour-data">(.*?)<\/script>/s.exec(page)?.[1] ?? "null") as TourData;
  const verdict = bundle.checkTurn(data.state, draft(author, fields), data.now, data.format);
  const postId = String(9000 + ++posts);
  const threadId = duelId.split(".")[1] ?? "";
  const res = await h.generic(
    postPayload({ threadId, postId, author, createdAt: at, content: verdict.post }),
  );
  expect(res.status).toBe(200);
  const events = (await auditOf(h, duelId)).filter((e) => e.postId === postId);
  const server = events.flatMap((e) =>
    e.type === "fault.action"
      ? (e.violations as string[])
      : e.type === "correction.opened"
        ? (e.missing as string[])
        : [],
  );
  return { browser: [...verdict.violations].sort(), server: [...new Set(server)].sort(), verdict };
}

describe("CONTRACT 9 the turn's page checks with the referee's own code: the same posts, the same verdicts", () => {
  let h: MemoryHarness;
  let thread = 2000;
  const duel = async () => registerAndTop(h, { ...DUEL_BODY, threadId: String(++thread) });
  beforeAll(async () => {
    h = await memoryHarness({ start: "2026-12-01T10:00:00.000Z" });
    await h.forum();
  });

  it("R-6.3 R-6.7 a whole post, a short one, one without target and zone, one without a bet", async () => {
    const cases: [Partial<TourDraft>, string[]][] = [
      [{}, []],
      [{ text: "Alice lève sa baguette." }, ["words"]],
      [{ target: "", zone: "" }, ["cible", "zone"]],
      [{ bet: "" }, ["pari"]],
    ];
    for (const [fields, expected] of cases) {
      const { browser, server } = await both(h, await duel(), ALICE, fields);
      expect(browser).toEqual(expected);
      expect(server).toEqual(browser);
    }
  });

  it("R-4.16 the spell of last turn, R-6.3 out of turn, R-5.1 a spell without a wand", async () => {
    h.setDice(() => [6, 1]);
    const id = await duel();
    const seen: string[][] = [];
    const play = async (author: typeof ALICE, fields: Partial<TourDraft>) => {
      const { browser, server } = await both(h, id, author, fields);
      expect(server).toEqual(browser);
      seen.push(browser);
    };
    await play(ALICE, { spell: "Sortilège de Désarmement" });
    await play(BOB, { spell: "Sortilège de Glace" });
    await play(ALICE, { spell: "Sortilège de Désarmement" });
    await play(ALICE, {});
    await play(BOB, { spell: "Sortilège de Feu" });
    await play(ALICE, { spell: "Sortilège de Glace" });
    await play(BOB, { spell: "", recoverWand: true, target: "", zone: "" });
    expect(seen).toEqual([[], [], ["spam"], ["out-of-turn"], ["disarmed"], [], []]);
  });
});
