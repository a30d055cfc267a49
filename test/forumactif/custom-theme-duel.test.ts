import { afterEach, describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { inChrome } from "../fixtures/forumactif-themes/page.js";
import { THEMES, type ThemeEntry } from "../fixtures/forumactif-themes/themes.js";
import { auditOf, LONG_RP } from "../support/duels.js";
import { DUEL_FACES, duelFace } from "../support/forumactif/dice-markup.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { formatBoardDate } from "../support/forumactif/format-date.js";
import { escapeHtml } from "../support/forumactif/render-topic.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const ALICE = { authorId: "42", authorName: "Alice Dubois" };
const BOB = { authorId: "43", authorName: "Bob Martin" };
const ZONE = "Europe/Paris";

function turnHtml(target: string): string {
  return `${LONG_RP}<br />[duel]<br />Sort : Rictusempra<br />Cible : ${target}<br />Zone : torse<br />Pari : 4<br />[/duel]`;
}

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

async function advance(h: MemoryHarness, by: string) {
  expect((await h.admin("POST", "/_local/clock", { advance: by })).status).toBe(200);
}

describe("a duel read to its end from a board with its own role-play theme", () => {
  for (const theme of THEMES) {
    it(`${theme.name}: an ad after the first post and a guest's post never count; the turns are read and the duel ends`, async () => {
      const h = await memoryHarness({ forumactif: { reader: topicReader } });
      const fake = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
      board = fake;
      // Every page served is the theme's: the board's posts in it, an ad drawn after the first one.
      fake.setTheme(() => {
        const topic = fake.topic("1234");
        const now = h.clock.now().toISOString();
        const entries: ThemeEntry[] = topic.posts.map((p) => ({
          kind: "post",
          postId: p.postId,
          author: { id: p.authorId, name: escapeHtml(p.authorName) },
          date: {
            shown: formatBoardDate(p.createdAt, { timeZone: ZONE, now, language: "fr", style: "auto" }),
            iso: p.createdAt,
          },
          message: p.html,
        }));
        entries.splice(1, 0, { kind: "ad" });
        return inChrome(topic, theme.render(entries, topic), {
          template: "modernbb",
          offset: 0,
          timeZone: ZONE,
          now,
        });
      });
      const forum = await h.forum({
        source: { type: "forumactif", baseUrl: fake.url, dice: { name: "Duel", faces: DUEL_FACES } },
      });
      expect(forum.status).toBe(201);
      fake.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234" });
      fake.addPost("1234", {
        authorId: "99",
        authorName: "Rubeus Hagrid",
        html: "Le sujet du duel est ouvert.",
      });
      const created = await h.admin("POST", "/duels", {
        forumId: "poudlard",
        threadId: "1234",
        referee: { id: "7", name: "Minerva McGonagall" },
        duelists: [
          { id: "42", name: "Alice Dubois", year: 3 },
          { id: "43", name: "Bob Martin", year: "adulte" },
        ],
        dice: "forum",
      });
      expect(created.status).toBe(201);
      const duelId = created.body.id as string;
      await h.settle();
      expect((await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" })).status).toBe(200);

      // A guest cheers in between: a bare name, no profile, not a duelist.
      await advance(h, "PT1M");
      const guest = fake.addPost("1234", {
        authorId: null,
        authorName: "Invité Mystère",
        html: "Allez Bob !",
      });
      const turns: string[] = [];
      for (const [who, target, dice] of [
        [ALICE, "Bob Martin", [5, 3]],
        [BOB, "Alice Dubois", [2, 6]],
      ] as const) {
        await advance(h, "PT1M");
        turns.push(fake.addPost("1234", { ...who, html: turnHtml(target) }).postId);
        fake.addDiceRoll("1234", who.authorName, [{ dieName: "Duel", faceImages: dice.map(duelFace) }]);
        await advance(h, "PT2M");
      }

      const audit = await auditOf(h, duelId);
      expect(audit.filter((e) => e.type === "turn.played")).toMatchObject([
        { postId: turns[0], duelistId: "42", dice: [5, 3] },
        { postId: turns[1], duelistId: "43", dice: [2, 6] },
      ]);
      expect(audit.some((e) => "postId" in e && e.postId === "0")).toBe(false);
      // Read (nothing is reported unreadable) but by no duelist: like the Game Master's dice posts,
      // it leaves no trace once the duel runs.
      expect(audit.filter((e) => "postId" in e && e.postId === guest.postId)).toEqual([]);
      expect(h.delivered.filter((d) => d.kind === "forumactif.post-unreadable")).toEqual([]);

      const ended = await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: "42" });
      expect(ended.status).toBe(200);
      await h.settle();
      const duel = await h.admin("GET", `/duels/${duelId}`);
      expect(duel.body).toMatchObject({ status: "finished", result: { winnerId: "42", reason: "referee" } });
    });
  }
});
