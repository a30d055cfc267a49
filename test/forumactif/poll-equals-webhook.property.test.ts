import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { auditOf, DUEL_BODY, LONG_RP, postPayload } from "../support/duels.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

const PEOPLE = [
  { id: "42", name: "Alice Dubois", target: "Bob Martin" },
  { id: "43", name: "Bob Martin", target: "Alice Dubois" },
  { id: "99", name: "Rubeus Hagrid", target: "Alice Dubois" },
] as const;

/** One post of the thread: who writes it, whether it is a whole turn, and whether a poll follows it. */
interface Step {
  readonly author: number;
  readonly whole: boolean;
  readonly pollAfter: boolean;
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  author: fc.nat(2),
  whole: fc.boolean(),
  pollAfter: fc.boolean(),
});

function html(step: Step): string {
  const who = PEOPLE[step.author] ?? PEOPLE[0];
  const words = step.whole ? LONG_RP : "Quelques mots seulement";
  return `${words}<br />[duel]<br />Sort : Rictusempra<br />Cible : ${who.target}<br />Zone : torse<br />Pari : 4<br />[/duel]`;
}

/** What a duel shows: its view and its audit log, as the API gives them (a referee command's random id aside). */
async function outcome(h: MemoryHarness, duelId: string) {
  const { body } = await h.admin("GET", `/duels/${duelId}`);
  const { updatedAt: _, ...view } = body;
  const text = JSON.stringify({ view, audit: await auditOf(h, duelId) });
  // The one difference meant: a post read from the board names its author's username (the shown
  // name a private message is addressed to), a generic webhook without one does not.
  const same = text
    .replace(/r\.[0-9a-f]{8}-[0-9a-f-]{27}/g, "r.command")
    .replace(/"username":(?:null|"[^"]*"),?/g, "");
  return JSON.parse(same.replace(/,}/g, "}")) as unknown;
}

const START = "2026-11-30T10:00:00.000Z";
const minute = (n: number) => new Date(Date.parse(START) + n * 60_000).toISOString();

describe("CONTRACT 4.4: a topic read by polls is the same duel as its posts sent by webhook", () => {
  it("CONTRACT 4.4 whatever the poll timing and the page boundaries, the final state equals the webhook's in thread order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 2, max: 6 }),
        async (steps, perPage) => {
          const polled = await memoryHarness({ start: START, forumactif: { reader: topicReader } });
          const sent = await memoryHarness({ start: START });
          const board = await FakeBoard.start({ perPage, now: () => polled.clock.now().toISOString() });
          try {
            await polled.forum({ source: { type: "forumactif", baseUrl: board.url } });
            await sent.forum();
            board.createTopic({ title: "Duel", topicId: "1234" });
            board.addPost("1234", {
              authorId: "99",
              authorName: "Rubeus Hagrid",
              html: "Ouverture",
              createdAt: START,
            });
            for (const h of [polled, sent]) {
              const duel = await h.admin("POST", "/duels", DUEL_BODY);
              await h.admin("POST", `/duels/${duel.body.id as string}/commands`, { command: "top" });
            }
            // The topic's title, which every page of the board shows, as a webhook would send it.
            const opening = postPayload({
              postId: "1000",
              author: { id: "99", name: "Rubeus Hagrid" },
              createdAt: START,
              content: "Ouverture",
            });
            await sent.generic({ ...opening, data: { ...opening.data, threadTitle: "Duel" } });
            for (const [i, step] of steps.entries()) {
              const who = PEOPLE[step.author] ?? PEOPLE[0];
              const at = minute(i + 1);
              polled.clock.set(at);
              sent.clock.set(at);
              const post = board.addPost("1234", {
                authorId: who.id,
                authorName: who.name,
                html: html(step),
                createdAt: at,
              });
              const payload = postPayload({
                postId: post.postId,
                author: { id: who.id, name: who.name },
                createdAt: at, // the board shows the minute, and the post was made at its start
                content: html(step),
              });
              const sentAnswer = await sent.generic({
                ...payload,
                data: { ...payload.data, format: "html", threadTitle: "Duel" },
              });
              expect(sentAnswer.status).toBe(200);
              if (step.pollAfter) await polled.admin("POST", "/forums/poudlard/poll");
            }
            // A poll reads a few pages at most (topic-fetch.ts): a topic grown by more since the last
            // poll is read on by the next ones, until a poll finds nothing new.
            for (let polls = 0; ; polls++) {
              const last = await polled.admin("POST", "/forums/poudlard/poll");
              expect(last.body.failed).toBe(0);
              const found = last.body.posts as { created: number; edited: number; deleted: number };
              if (found.created + found.edited + found.deleted === 0) break;
              expect(polls).toBeLessThan(steps.length);
            }
            await polled.settle();
            await sent.settle();
            expect(await outcome(polled, "poudlard.1234")).toEqual(await outcome(sent, "poudlard.1234"));
          } finally {
            await board.close();
          }
        },
      ),
      {
        numRuns: 8,
        // Found by this property: 8 posts, 2 a page, and no poll before the end (5 pages to read).
        examples: [
          [Array.from({ length: 8 }, (_, i) => ({ author: i % 2, whole: true, pollAfter: false })), 2],
        ],
      },
    );
    // Each run is two stacks on DynamoDB Local and a board: seconds, not milliseconds.
  }, 180_000);
});
