import { describe, expect, it } from "vitest";
import { readRefereeCommands } from "../../shared/parsing/referee-commands.js";
import type { RefereeLine } from "../../shared/parsing/types.js";
import { ctx, ctxTwoAlices } from "./context.js";

const read = (body: string, format: "bbcode" | "html" | "markdown" | "text" = "bbcode") =>
  readRefereeCommands(`[arbitre]\n${body}\n[/arbitre]`, format, ctx);
const actions = (lines: readonly RefereeLine[]) => lines.map((l) => (l.ok ? l.action : l.error));
const only = (body: string) => {
  const lines = read(body);
  expect(lines).toHaveLength(1);
  const [line] = lines;
  if (!line?.ok) throw new Error(`not read: ${JSON.stringify(line)}`);
  return line.action;
};
const error = (body: string) => {
  const [line] = read(body);
  if (line === undefined || line.ok) throw new Error(`read: ${JSON.stringify(line)}`);
  return line.error;
};

describe("R-1.4 top", () => {
  it("R-1.4 gives the top, optionally naming who starts", () => {
    expect(only("top")).toEqual({ command: "top" });
    expect(only("TOP !")).toEqual({ command: "top" });
    expect(only("Top départ")).toEqual({ command: "top" });
    expect(only("top Bob")).toEqual({ command: "top", firstDuelistId: "43" });
    expect(only("top : Alice Dubois commence")).toEqual({ command: "top", firstDuelistId: "42" });
  });

  it("reads a one-line block and every block of the post, not a quoted one", () => {
    const post = '[quote="Minerva"][arbitre]fin nul[/arbitre][/quote] Bonne chance.\n[arbitre]top[/arbitre]';
    expect(actions(readRefereeCommands(post, "bbcode", ctx))).toEqual([{ command: "top" }]);
    expect(actions(readRefereeCommands("<p>[arbitre]top[/arbitre]</p>", "html", ctx))).toEqual([
      { command: "top" },
    ]);
  });
});

describe("R-6.7 correction", () => {
  it("R-6.7 takes the fields on the following lines", () => {
    expect(only("correction 98765\ncible : Bob Martin\nzone : torse\npari de dé : 4")).toEqual({
      command: "correction",
      postId: "98765",
      fields: { cible: "Bob Martin", zone: "torse", pari: "4" },
    });
  });

  it("R-6.7 takes the fields on the same line after ';'", () => {
    expect(only("Correction du message #98765 ; zone : jambe ; pari : 2")).toEqual({
      command: "correction",
      postId: "98765",
      fields: { zone: "jambe", pari: "2" },
    });
  });

  it("R-6.7 keeps a text over several lines", () => {
    const action = only("correction 98765\ntexte : Alice recule, puis\nelle respire.\n\nEt attaque.");
    expect(action).toEqual({
      command: "correction",
      postId: "98765",
      fields: { text: "Alice recule, puis\nelle respire.\n\nEt attaque." },
    });
  });

  it("refuses a correction without a field or a post id, and a field without a correction", () => {
    expect(error("correction 98765")).toMatch(/au moins un champ/);
    expect(error("correction")).toMatch(/identifiant du message/);
    expect(error("zone : torse")).toMatch(/correction/);
  });
});

describe("R-6.2a dérogation", () => {
  it("R-6.2a reads ISO and French durations", () => {
    const cases: [string, string][] = [
      ["dérogation Bob P3D", "P3D"],
      ["dérogation Bob PT48H", "PT48H"],
      ["Dérogation Bob 3 jours", "P3D"],
      ["derogation Bob 48 heures", "PT48H"],
      ["dérogation Bob 48h", "PT48H"],
      ["dérogation Bob 2j", "P2D"],
      ["dérogation de 2 jours 12 h pour Bob Martin", "P2DT12H"],
      ["dérogation Bob 1 semaine", "P7D"],
    ];
    for (const [line, duration] of cases) {
      expect(only(line), line).toEqual({ command: "derogation", duelistId: "43", duration });
    }
  });

  it("R-6.2a refuses a dérogation without a duration", () => {
    expect(error("dérogation Bob")).toMatch(/durée/);
  });
});

describe("R-6.2, R-6.3 faults", () => {
  it("adds an action or absence fault", () => {
    expect(only("faute action Alice")).toEqual({ command: "fault", duelistId: "42", kind: "action" });
    expect(only("Faute d'absence Bob Martin")).toEqual({
      command: "fault",
      duelistId: "43",
      kind: "absence",
    });
    expect(only("faute 43 absence")).toEqual({ command: "fault", duelistId: "43", kind: "absence" });
  });

  it("cancels a fault by its event id", () => {
    expect(only("annuler faute evt-12")).toEqual({ command: "cancel-fault", eventId: "evt-12" });
    expect(only("Annuler la faute #01HXYZ")).toEqual({ command: "cancel-fault", eventId: "01HXYZ" });
  });

  it("R-7.1 cancels a fault by its number in the duel, as the hiboux write it", () => {
    expect(only("annuler faute 3")).toEqual({ command: "cancel-fault", eventId: "3" });
    expect(only("annuler la faute n° 12")).toEqual({ command: "cancel-fault", eventId: "12" });
  });

  it("R-7.1 the last word: cancels a disqualification by the duelist's name, and the referee's end", () => {
    expect(only("annuler disqualification Alice Dubois")).toEqual({
      command: "cancel-disqualification",
      duelistId: "42",
    });
    expect(only("Annuler la disqualification de Bob")).toEqual({
      command: "cancel-disqualification",
      duelistId: "43",
    });
    expect(only("annuler fin")).toEqual({ command: "cancel-end" });
    expect(only("Annuler la fin du duel.")).toEqual({ command: "cancel-end" });
    expect(error("annuler disqualification Zoé")).toMatch(/inconnu/);
    expect(error("annuler fin Alice")).toMatch(/annuler fin/);
  });

  it("refuses a fault without its kind", () => {
    expect(error("faute Alice")).toMatch(/action.*absence/);
  });
});

describe("R-6.8 disqualification", () => {
  it("R-6.8 disqualifies by name, first name or id", () => {
    expect(only("disqualifier Bob")).toEqual({ command: "disqualify", duelistId: "43" });
    expect(only("Disqualification de Alice Dubois")).toEqual({ command: "disqualify", duelistId: "42" });
    expect(only("disqualifier 43")).toEqual({ command: "disqualify", duelistId: "43" });
  });
});

describe("R-7.1 points and end", () => {
  it("R-7.1 adjusts points by a signed amount", () => {
    expect(only("points Alice -3")).toEqual({ command: "adjust-points", duelistId: "42", delta: -3 });
    expect(only("points Bob +2")).toEqual({ command: "adjust-points", duelistId: "43", delta: 2 });
    expect(only("Points Bob Martin −4 PF")).toEqual({ command: "adjust-points", duelistId: "43", delta: -4 });
    expect(error("points Bob 2")).toMatch(/signé/);
  });

  it("R-7.1 ends the duel with a winner or without", () => {
    expect(only("fin Alice")).toEqual({ command: "end", winnerId: "42" });
    expect(only("Fin : victoire d'Alice")).toEqual({ command: "end", winnerId: "42" });
    expect(only("fin nul")).toEqual({ command: "end", winnerId: null });
    expect(only("fin sans vainqueur")).toEqual({ command: "end", winnerId: null });
    expect(only("fin match nul")).toEqual({ command: "end", winnerId: null });
    expect(error("fin")).toMatch(/vainqueur/);
  });
});

describe("R-7.1 reasons, names and bad lines", () => {
  it("R-7.1 applies a 'raison' line to the block and a ' — raison' suffix to its line", () => {
    const lines = read("points Alice -3\nraison : insulte\ndisqualifier Bob — raison : triche");
    expect(lines).toEqual([
      {
        ok: true,
        action: { command: "adjust-points", duelistId: "42", delta: -3 },
        reason: "insulte",
        text: "points Alice -3",
      },
      {
        ok: true,
        action: { command: "disqualify", duelistId: "43" },
        reason: "triche",
        text: "disqualifier Bob — raison : triche",
      },
    ]);
  });

  it("reads an unknown command as an error in French and goes on", () => {
    const lines = read("top\nlancer les dés\n\nfin Bob");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toEqual({
      ok: false,
      text: "lancer les dés",
      error: expect.stringMatching(/^commande inconnue/),
    });
    expect(lines[2]).toMatchObject({ ok: true, action: { command: "end", winnerId: "43" } });
  });

  it("refuses an unknown duelist and an ambiguous first name", () => {
    expect(error("disqualifier Drago")).toMatch(/duelliste inconnu/);
    const [line] = readRefereeCommands("[arbitre]disqualifier Alice[/arbitre]", "bbcode", ctxTwoAlices);
    expect(line).toMatchObject({ ok: false, error: expect.stringMatching(/plusieurs duellistes/) });
  });

  it("reads commands in HTML and Markdown posts", () => {
    const html =
      "<p>[arbitre]<br><strong>Faute action</strong> Alice<br>Raison&nbsp;: hors sujet<br>[/arbitre]</p>";
    expect(readRefereeCommands(html, "html", ctx)).toEqual([
      {
        ok: true,
        action: { command: "fault", duelistId: "42", kind: "action" },
        reason: "hors sujet",
        text: "Faute action Alice",
      },
    ]);
    expect(actions(read("**fin nul**", "markdown"))).toEqual([{ command: "end", winnerId: null }]);
  });

  it("accepts the English alternatives", () => {
    expect(
      actions(read("fault action Bob\nextension Alice 3 days\ncancel fault e-1\ndisqualify Bob\nend draw")),
    ).toEqual([
      { command: "fault", duelistId: "43", kind: "action" },
      { command: "derogation", duelistId: "42", duration: "P3D" },
      { command: "cancel-fault", eventId: "e-1" },
      { command: "disqualify", duelistId: "43" },
      { command: "end", winnerId: null },
    ]);
  });

  it("has no command without an [arbitre] block", () => {
    expect(readRefereeCommands("top", "text", ctx)).toEqual([]);
  });
});

describe("CONTRACT 3 announce: the referee turns a duel's thread announcements off or on", () => {
  it("CONTRACT 3 reads `annonces : non` and `annonces : oui`, without case or accents", () => {
    expect(only("annonces : non")).toEqual({ command: "announce", enabled: false });
    expect(only("Annonces non")).toEqual({ command: "announce", enabled: false });
    expect(only("annonce : OUI")).toEqual({ command: "announce", enabled: true });
    expect(only("announcements off")).toEqual({ command: "announce", enabled: false });
  });

  it("CONTRACT 3 anything else is an error in French", () => {
    expect(error("annonces peut-être")).toContain("annonces : non");
  });
});
