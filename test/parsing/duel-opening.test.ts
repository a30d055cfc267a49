import { describe, expect, it } from "vitest";
import { findOpening, readOpeningBlock } from "../../shared/parsing/duel-opening.js";
import { readRefereeCommands } from "../../shared/parsing/referee-commands.js";
import { ctx } from "./context.js";

const opening = (body: string) => {
  const read = readOpeningBlock(body);
  if (!read.ok) throw new Error(read.errors.join(" | "));
  return read.opening;
};
const errors = (body: string) => {
  const read = readOpeningBlock(body);
  if (read.ok) throw new Error(`read: ${JSON.stringify(read.opening)}`);
  return read.errors;
};

describe("CONTRACT 6 opening a duel in the thread: reading the line", () => {
  it("CONTRACT 6 reads the contract's example: duelists, years, stakes, dice", () => {
    expect(
      opening(
        "duel : Alice Dubois (3e année) contre Bob Martin (adulte) ; enjeux : le perdant range la salle des trophées ; dés : forum",
      ),
    ).toEqual({
      duelists: [
        { written: "Alice Dubois", year: 3, particularities: [] },
        { written: "Bob Martin", year: "adulte", particularities: [] },
      ],
      stakes: "le perdant range la salle des trophées",
      dice: "forum",
    });
  });

  it("CONTRACT 6 years as referees write them, in French and English", () => {
    const year = (y: string) => opening(`duel : A (${y}) contre B (adulte)`).duelists[0]?.year;
    expect(year("3e année")).toBe(3);
    expect(year("3ème annee")).toBe(3);
    expect(year("troisième année")).toBe(3);
    expect(year("TROISIEME ANNÉE")).toBe(3);
    expect(year("1ère année")).toBe(1);
    expect(year("première année")).toBe(1);
    expect(year("année 7")).toBe(7);
    expect(year("5A")).toBe(5);
    expect(year("2nd year")).toBe(2);
    expect(year("seventh year")).toBe(7);
    expect(year("Adulte")).toBe("adulte");
    expect(year("adult")).toBe("adulte");
  });

  it("CONTRACT 6 particularities with ranks, reply window, who starts, English keywords, several lines", () => {
    expect(
      opening(
        "Nouveau duel : @alice (3rd year, Legilimens 2, mage noir) vs #43 (adulte)\nstakes: honour\ndice: server\nreply window: 48h\nfirst: Alice",
      ),
    ).toEqual({
      duelists: [
        {
          written: "@alice",
          year: 3,
          particularities: [{ name: "Legilimens", rank: 2 }, { name: "mage noir" }],
        },
        { written: "#43", year: "adulte", particularities: [] },
      ],
      stakes: "honour",
      dice: "server",
      replyWindow: "PT48H",
      first: "Alice",
    });
    expect(
      opening("DUEL: A (1re année) face à B (2e année) ; délai : 3 jours ; dés : serveur"),
    ).toMatchObject({
      replyWindow: "P3D",
      dice: "server",
    });
  });

  it("CONTRACT 6 every problem is said in French with how to write it", () => {
    expect(errors("duel : Alice Dubois (3e année)")).toEqual([
      expect.stringContaining("au moins deux duellistes séparés par « contre »"),
    ]);
    expect(errors("duel : Alice Dubois contre Bob Martin (adulte)")).toEqual([
      "indiquez l'année de Alice Dubois entre parenthèses, par exemple « Alice Dubois (3e année) » ou « Alice Dubois (adulte) ».",
    ]);
    expect(errors("duel : A (9e année) contre B (adulte)")[0]).toContain("indiquez l'année de A");
    expect(errors("duel : A (adulte) contre B (adulte) ; dés : cartes")).toEqual([
      "dés : « cartes » n'est pas un mode de dés. Écrivez « dés : forum » ou « dés : serveur ».",
    ]);
    expect(errors("duel : A (adulte) contre B (adulte) ; délai : bientôt")[0]).toContain(
      "délai : « bientôt » n'est pas une durée",
    );
    expect(errors("duel : A (adulte) contre B (adulte) ; arène : la grande salle")[0]).toContain(
      "« arène : la grande salle » n'est pas compris",
    );
  });

  it("CONTRACT 6 an opening is found outside quotes only, and is no command of a running duel", () => {
    const post = '[quote="Albus"][arbitre]duel : X (adulte) contre Y (adulte)[/arbitre][/quote]';
    expect(findOpening(post, "bbcode")).toBeNull();
    const open = "Bienvenue !\n[arbitre]duel : Alice Dubois (3e année) contre Bob Martin (adulte)[/arbitre]";
    expect(findOpening(open, "bbcode")).toMatchObject({ ok: true });
    expect(readRefereeCommands(open, "bbcode", ctx)).toEqual([]);
  });
});
