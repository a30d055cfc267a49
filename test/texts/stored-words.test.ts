import { describe, expect, it } from "vitest";
import { decisionTexts } from "../../shared/texts/decisions.js";
import { errorTexts } from "../../shared/texts/errors.js";
import { refusalTexts as say } from "../../shared/texts/refusals.js";

/*
 * CONTRACT.md 4.3: a late post replays the duel and compares each input's new events with the
 * stored ones; any difference is announced as a revised verdict. The decider's words land in
 * stored events (an ignored post's reason, a question's detail, a referee's rejected command's
 * message), so rewording one flags every old input that carries it as revised. These are the
 * sentences as first stored: change one only with a migration of the stored events.
 */
describe("CONTRACT 4.3: the words the decider stores in events do not change", () => {
  it("keeps the reasons of an ignored post (R-1.5) and the Legilimens question's detail", () => {
    expect(decisionTexts.ignoredPost.outOfDuel).toBe("duelliste hors du duel");
    expect(decisionTexts.ignoredPost.stranger).toBe("auteur étranger au duel");
    expect(decisionTexts.legilimensRelay("Alice", "Bob")).toBe(
      "Alice lit dans l'esprit de Bob : obtenir son prochain coup en privé et le transmettre à Alice.",
    );
  });

  it("keeps every refusal a referee.command-rejected event may quote", () => {
    expect([
      say.duel_not_found,
      say.duel_already_exists,
      say.not_referee,
      say.unknown_command('{"x":1}'),
      say.invalid_duel.tooFew,
      say.invalid_duel.twice,
      say.invalid_duel.firstNotIn,
      say.referee_is_duelist,
      say.duelist_banned("Bob", "2026-01-01T00:00:00.000Z"),
      say.unknownParticularity("Mage"),
      say.duelist_not_found("7"),
      say.duel_finished,
      say.duelist_not_active("Bob"),
      say.duel_already_started,
      say.post_not_found("p1"),
      say.correction_refused,
      say.correction_window_closed,
      say.derogation_already_used("Bob"),
      say.invalid_duration,
      say.derogation_too_long("P2D"),
      say.fault_not_found("3"),
      say.fault_already_cancelled,
      errorTexts.unknown_referee,
    ]).toEqual([
      "Ce duel n'existe pas.",
      "Un duel existe déjà pour ce fil.",
      "Seul l'arbitre du duel peut donner cette commande.",
      'Commande inconnue : {"x":1}',
      "Un duel se joue à deux duellistes au moins (R-1.2).",
      "Un duelliste est inscrit deux fois.",
      "Le premier duelliste doit être inscrit au duel.",
      "L'arbitre ne peut pas être duelliste de son propre duel (R-1.1).",
      "Bob est interdit(e) de duel jusqu'au 2026-01-01T00:00:00.000Z (R-6.9).",
      "Particularité inconnue : Mage.",
      "Aucun duelliste « 7 » dans ce duel.",
      "Le duel est terminé.",
      "Bob n'est plus dans le duel.",
      "Le top a déjà été donné.",
      "Aucun message p1 dans ce duel.",
      "Ce message était valide : aucun changement ne pourra être accepté (R-6.7).",
      "Aucune fenêtre de correction n'est ouverte pour ce message (R-6.7).",
      "Bob a déjà eu sa dérogation dans ce duel (R-6.2a).",
      "La durée doit être positive.",
      "Une dérogation ne peut dépasser P2D (R-6.2a).",
      "Aucune faute 3 dans ce duel.",
      "Cette faute est déjà annulée.",
      "Cet arbitre n'est pas un arbitre déclaré du forum (R-1.1).",
    ]);
  });
});
