import { afterEach, describe, expect, it } from "vitest";
import { WriteLanes } from "../../shared/adapters/notifiers/board-writer.js";
import {
  createForumactifNotifier,
  forumactifPrivateMessage,
} from "../../shared/adapters/notifiers/forumactif-notifier.js";
import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { DeliveryError } from "../../shared/errors.js";
import { channelSchema } from "../../shared/ports/channels.js";
import type { Hibou } from "../../shared/ports/notifier.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";

let board: FakeBoard | null = null;
afterEach(async () => {
  await board?.close();
  board = null;
});

const hibou: Hibou = {
  id: "h1",
  duelId: "d1",
  forumId: "poudlard",
  threadId: "482",
  to: { role: "referee", id: "7", name: "Filius Flitwick", username: "Filius Flitwick" },
  kind: "turn",
  title: "Duel Harry contre Drago : à Drago de jouer",
  // As the composer writes it: the text ends with the rule it applied.
  text: "Harry a lancé Expelliarmus (dés 4 et 2).\nDrago a 48 heures pour répondre.\nRègle appliquée : R-4.1",
  createdAt: "2026-12-01T13:30:00.000Z",
  eventId: "e1",
  rule: "R-4.1",
};

async function start(): Promise<FakeBoard> {
  board = await FakeBoard.start();
  board.messaging.addMember("Arbitre automatique", "mot-de-passe-du-robot");
  board.messaging.addMember("Filius Flitwick", "flitwick");
  return board;
}

async function failure(run: () => Promise<void>): Promise<DeliveryError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DeliveryError) return error;
    throw error;
  }
  throw new Error("delivered");
}

describe("Hiboux as Forumactif private messages, sent by the bot account", () => {
  it("logs in through /login, sends through /privmsg with the board's own fields, and keeps the session", async () => {
    const b = await start();
    const account = {
      forumId: "poudlard",
      baseUrl: b.url,
      username: "Arbitre automatique",
      password: "mot-de-passe-du-robot",
    };
    const notifier = createForumactifNotifier();
    await notifier.deliver(hibou, account);
    await notifier.deliver({ ...hibou, id: "h2", title: "Duel : verdict" }, account);
    expect(b.messaging.sent).toEqual([
      {
        from: "Arbitre automatique",
        to: ["Filius Flitwick"],
        subject: "Duel Harry contre Drago : à Drago de jouer",
        // The rule once, as the text states it (no second line added).
        message: hibou.text,
      },
      expect.objectContaining({ subject: "Duel : verdict" }),
    ]);
    expect(b.requests.filter((r) => r.path === "/login" && r.method === "POST")).toHaveLength(1);
    expect(b.requests.every((r) => String(r.headers["user-agent"]).includes("ArbitreAutomatique"))).toBe(
      true,
    );
  });

  it("logs in again when the board ended the session", async () => {
    const b = await start();
    const account = {
      forumId: "poudlard",
      baseUrl: b.url,
      username: "Arbitre automatique",
      password: "mot-de-passe-du-robot",
    };
    const notifier = createForumactifNotifier();
    await notifier.deliver(hibou, account);
    b.messaging.expireSessions();
    await notifier.deliver(hibou, account);
    expect(b.messaging.sent).toHaveLength(2);
    expect(b.requests.filter((r) => r.path === "/login" && r.method === "POST")).toHaveLength(2);
  });

  it("a refused password, a recipient without a username, an unknown recipient fail for good", async () => {
    const b = await start();
    const notifier = createForumactifNotifier();
    const wrong = await failure(() =>
      notifier.deliver(hibou, {
        forumId: "poudlard",
        baseUrl: b.url,
        username: "Arbitre automatique",
        password: "faux",
      }),
    );
    expect([wrong.retryable, wrong.message]).toEqual([
      false,
      expect.stringContaining("n'a pas pu se connecter"),
    ]);
    expect(wrong.message).not.toContain("faux");
    const account = {
      forumId: "poudlard",
      baseUrl: b.url,
      username: "Arbitre automatique",
      password: "mot-de-passe-du-robot",
    };
    const anonymous = await failure(() =>
      notifier.deliver({ ...hibou, to: { role: "referee", id: "7" } }, account),
    );
    expect(anonymous.retryable).toBe(false);
    const unknown = await failure(() =>
      notifier.deliver({ ...hibou, to: { role: "duelist", id: "9", username: "Personne" } }, account),
    );
    // CONTRACT 4.4: the form came back and the member list knows nobody of that name.
    expect([unknown.retryable, unknown.code, unknown.message]).toEqual([
      false,
      "board_blocked",
      expect.stringContaining("aucun membre nommé « Personne »"),
    ]);
    expect(b.messaging.sent).toEqual([]);
  });

  it("flood control, 429 and 5xx are retried later", async () => {
    const b = await start();
    const account = {
      forumId: "poudlard",
      baseUrl: b.url,
      username: "Arbitre automatique",
      password: "mot-de-passe-du-robot",
    };
    let now = Date.parse("2026-12-01T13:30:00.000Z");
    const notifier = createForumactifNotifier({ now: () => now, lanes: new WriteLanes() });
    // CONTRACT 4.4: the form again, whatever its words, and no wait stated: a minute.
    b.messaging.floodNext();
    const flood = await failure(() => notifier.deliver(hibou, account));
    expect([flood.retryable, flood.retryAfterMs, flood.code]).toEqual([true, 60_000, "board_flood"]);
    now += 60_000;
    b.failNext(429);
    expect((await failure(() => notifier.deliver(hibou, account))).retryable).toBe(true);
    b.failNext(503);
    expect((await failure(() => notifier.deliver(hibou, account))).retryable).toBe(true);
    await notifier.deliver(hibou, account);
    expect(b.messaging.sent).toHaveLength(1);
  });

  it("never sends the password to a login form that posts to another site", async () => {
    const b = await start();
    b.messaging.loginAction = "https://collecteur.example/login";
    const notifier = createForumactifNotifier();
    const refused = await failure(() =>
      notifier.deliver(hibou, {
        forumId: "poudlard",
        baseUrl: b.url,
        username: "Arbitre automatique",
        password: "mot-de-passe-du-robot",
      }),
    );
    expect([refused.retryable, refused.message]).toEqual([false, expect.stringContaining("un autre site")]);
    expect(b.requests.some((r) => r.method === "POST")).toBe(false);
  });
});

describe("CONTRACT 6.1 a Forumactif private message names its duel", () => {
  it("CONTRACT 6.1 the subject opens with the duelists, the message ends with the topic's address", () => {
    const pm = forumactifPrivateMessage({
      ...hibou,
      title: "Le top est donné",
      duel: { name: "Alice Dubois contre Bob Martin", url: "https://poudlard.forumactif.com/t482-topic" },
    });
    expect(pm.subject).toBe("Alice Dubois contre Bob Martin — le top est donné");
    expect(pm.message.split("\n").at(-1)).toBe(
      "Le sujet du duel : https://poudlard.forumactif.com/t482-topic",
    );
  });

  it("CONTRACT 6.1 the topic's last line names it by its title where known, shortened, escaped for the board", () => {
    const titled = (threadTitle: string, url?: string) =>
      forumactifPrivateMessage({
        ...hibou,
        duel: { name: "Alice Dubois contre Bob Martin", threadTitle, ...(url ? { url } : {}) },
      })
        .message.split("\n")
        .at(-1);
    expect(titled("Duel au parc", "https://poudlard.forumactif.com/t482-topic")).toBe(
      "Le sujet du duel, « Duel au parc » : https://poudlard.forumactif.com/t482-topic",
    );
    // Without the topic's address, the title alone still tells which duel.
    expect(titled("Duel au parc")).toBe("Le sujet du duel, « Duel au parc ».");
    const long = titled(
      "Le grand duel de fin d'année à la tour d'astronomie, après le banquet",
      "https://x.fr/t1-a",
    );
    expect(long).toBe("Le sujet du duel, « Le grand duel de fin d'année à la tour… » : https://x.fr/t1-a");
    expect(titled("<b>Duel</b>")).not.toContain("<b>");
  });

  it("CONTRACT 6.1 a hibou of no duel keeps its title as subject", () => {
    expect(forumactifPrivateMessage(hibou).subject).toBe(hibou.title);
    expect(forumactifPrivateMessage(hibou).message).toBe(hibou.text);
  });
});

describe("CONTRACT 3: the forumactif notification channel", () => {
  it("CONTRACT 3 is a channel type of a forum's settings: its own account whole, or none (the source's)", () => {
    const channel = {
      type: "forumactif",
      baseUrl: "https://poudlard.forumactif.com",
      username: "Arbitre",
      password: "x",
    };
    expect(channelSchema.safeParse(channel).success).toBe(true);
    expect(channelSchema.safeParse({ ...channel, password: "" }).success).toBe(false);
    expect(
      channelSchema.safeParse({ type: "forumactif", baseUrl: "https://poudlard.forumactif.com" }).success,
    ).toBe(false);
    expect(channelSchema.safeParse({ type: "forumactif" }).success).toBe(true);
  });

  it("CONTRACT 3 a forumactif channel without an account sends with the forum source's board and account", async () => {
    const b = await start();
    const notifier = createNotifier({ http: { destinations: { allowLoopback: true } } });
    const forumactifAccount = {
      forumId: "poudlard",
      baseUrl: b.url,
      username: "Arbitre automatique",
      password: "mot-de-passe-du-robot",
    };
    await notifier.deliver(hibou, { type: "forumactif" }, { forumactifAccount });
    expect(b.messaging.sent.map((m) => [m.from, m.to])).toEqual([
      ["Arbitre automatique", ["Filius Flitwick"]],
    ]);
    // Neither the channel nor the source has one: a setting to fix, not a retry to make.
    const none = await failure(() => notifier.deliver(hibou, { type: "forumactif" }, {}));
    expect([none.retryable, none.message]).toEqual([false, expect.stringContaining("aucun compte robot")]);
    // The source's board is checked as a channel's would be.
    const local = await failure(() =>
      createNotifier().deliver(hibou, { type: "forumactif" }, { forumactifAccount }),
    );
    expect(local.retryable).toBe(false);
    expect(b.messaging.sent).toHaveLength(1);
  });

  it("CONTRACT 3 a forumactif channel reaches public https boards only, as the other channels", async () => {
    const b = await start();
    const channel = {
      type: "forumactif",
      baseUrl: b.url,
      username: "Arbitre automatique",
      password: "mot-de-passe-du-robot",
    } as const;
    await expect(createNotifier().deliver(hibou, channel, {})).rejects.toMatchObject({ retryable: false });
    expect(b.messaging.sent).toEqual([]);
  });

  it("createNotifier sends a forumactif channel's hiboux as the board's private messages", async () => {
    const b = await start();
    // The fake board is on loopback, which only the local stack's policy allows.
    await createNotifier({ http: { destinations: { allowLoopback: true } } }).deliver(
      hibou,
      {
        type: "forumactif",
        baseUrl: b.url,
        username: "Arbitre automatique",
        password: "mot-de-passe-du-robot",
      },
      {},
    );
    expect(b.messaging.sent.map((m) => [m.from, m.to])).toEqual([
      ["Arbitre automatique", ["Filius Flitwick"]],
    ]);
  });
});

describe("CONTRACT 4.4 a PM is sent in its forum's own session", () => {
  it("another forum naming the same board and username with a wrong password fails to log in and sends nothing", async () => {
    const b = await start();
    const notifier = createForumactifNotifier();
    const right = {
      forumId: "poudlard",
      baseUrl: b.url,
      username: "Arbitre automatique",
      password: "mot-de-passe-du-robot",
    };
    await notifier.deliver(hibou, right);
    expect(b.messaging.sent).toHaveLength(1);
    const other = { forumId: "serdaigle", baseUrl: b.url, username: "Arbitre automatique", password: "faux" };
    const refused = await failure(() =>
      notifier.deliver({ ...hibou, id: "h2", forumId: "serdaigle" }, other),
    );
    expect(refused.message).toContain("n'a pas pu se connecter");
    expect(b.messaging.sent).toHaveLength(1);
    await notifier.deliver({ ...hibou, id: "h3" }, right);
    expect(b.messaging.sent).toHaveLength(2);
  });
});
