/**
 * Every French sentence a hibou says, in one place so they read as one voice (STYLE.md 13): "vous"
 * to the referee, "tu" to the duelists. Names and free text go in as they are; channels escape them.
 */
import type { Violation } from "../domain/events.js";
import type { DefenceNeed } from "../domain/resolve.js";
import {
  capital,
  de,
  duelName,
  formatDate,
  formatDay,
  formatDuration,
  joinList,
  ordinal,
  signed,
  sum,
} from "./format.js";
import { refusalShown } from "./refusals.js";

type Missing = "words" | "cible" | "zone" | "pari";

const missingLabel = (field: Missing, minWords: number): string =>
  ({
    words: `moins de ${minWords} mots`,
    cible: "cible manquante",
    zone: "zone manquante",
    pari: "pari de dé manquant",
  })[field];

const VIOLATIONS: Record<Exclude<Violation, Missing>, string> = {
  spam: "même sort qu'au tour précédent",
  edited: "message modifié",
  deleted: "message supprimé",
  disarmed: "sort lancé sans baguette (après un Désarmement)",
  level: "sort au-dessus de son niveau",
  pm: "pas assez de PM",
  "unlisted-spell": "sort hors de la liste",
  "two-actions": "plusieurs actions dans le même message",
  "unusable-particularity": "particularité inutilisable en duel",
  "particularity-not-owned": "particularité non possédée",
  "particularity-spent": "particularité déjà utilisée",
  "out-of-turn": "message hors de son tour",
  "unknown-action": "action non reconnue",
  referee: "faute donnée par l'arbitre",
};

/** A broken rule in French ("message hors de son tour"); the audit log shows the same words. */
export const violationLabel = (v: Violation, minWords: number): string =>
  v === "words" || v === "cible" || v === "zone" || v === "pari" ? missingLabel(v, minWords) : VIOLATIONS[v];

/**
 * The referee's commands as they would type them in the thread (CONTRACT.md 6, R-7.1): a fault by
 * its number in the duel, a duelist by name. The API accepts the same number.
 */
const command = {
  cancelFault: (number: string) => `[arbitre]annuler faute ${number}[/arbitre]`,
  adjustPoints: (name: string, delta: number) =>
    `[arbitre]points ${name} ${signed(delta).replace("−", "-")}[/arbitre]`,
  actionFault: (name: string) => `[arbitre]faute action ${name}[/arbitre]`,
  disqualify: (name: string) => `[arbitre]disqualifier ${name}[/arbitre]`,
  correction: (postId: string, fields: readonly string[]) =>
    `[arbitre]\ncorrection ${postId}\n${fields.map((f) => `${f === "text" ? "texte" : f} : …`).join("\n")}\n[/arbitre]`,
};

/**
 * A post named by its time in the thread (`when`: « de 14 h 02 », see `postTime`), after its
 * owner's word: « ton message de 14 h 02 », « son message de 14 h 02 »; just the owner's message
 * when its time is not known. Never its id: a forum's post id means nothing to people.
 */
const post = (owner: "ton" | "son" | "votre", when: string | null): string =>
  when ? `${owner} message ${when}` : `${owner} message`;

const EXCERPT_WORDS = 12;

/** The first words of a long text and how many there are: « Alice s'avance… » (133 mots). */
function excerpt(text: string): string {
  const words = text.split(/\s+/).filter((w) => w !== "");
  if (words.length <= EXCERPT_WORDS) return `« ${words.join(" ")} »`;
  return `« ${words
    .slice(0, EXCERPT_WORDS)
    .join(" ")
    .replace(/[,;:.]$/, "")}… », ${words.length} mots`;
}

/** A sentence ends with its full stop, once: refusals end with one, a parser's reason may not. */
const withStop = (sentence: string): string =>
  /[.!?…]$/.test(sentence.trim()) ? sentence.trim() : `${sentence.trim()}.`;

const lastWord = "Votre décision fait foi (R-7.1).";

const sanctionGone = (points: number | null): string =>
  points === null
    ? ""
    : points > 0
      ? `, et sa sanction (${signed(-points)} PD) est annulée`
      : ", ni sa sanction";

/** A fault the referee gave: said once, not « faute donnée par l'arbitre. Faute donnée par vous. ». */
const byYou = (what: string): string =>
  what === VIOLATIONS.referee ? "faute donnée par vous" : `${what}, faute donnée par vous`;

/** Where a resumed duel stands (R-7.1): its running turn with a new deadline, or the top awaited again. */
const resumedWhere = (waitsForTop: boolean): string =>
  waitsForTop
    ? "le duel attend de nouveau le top de l'arbitre (R-7.1). L'arbitre peut encore y mettre fin."
    : "le duel reprend là où il s'était arrêté, avec une nouvelle échéance pour le tour en cours (R-7.1). L'arbitre peut encore y mettre fin.";

export const texts = {
  common: {
    rules: (rules: readonly string[]) =>
      rules.length > 1 ? `Règles appliquées : ${rules.join(", ")}` : `Règle appliquée : ${rules[0] ?? ""}`,
    violations: (list: readonly Violation[], minWords: number) =>
      joinList(list.map((v) => violationLabel(v, minWords))),
    missing: (list: readonly Missing[], minWords: number) =>
      joinList(list.map((m) => missingLabel(m, minWords))),
    reason: (reason: string) => `Motif : ${reason}`,
    /** A duel as its people call it. */
    duelName,
    desk: (url: string) => `Le duel sur le bureau : ${url}`,
  },

  revised: {
    title: (title: string) => `Verdict révisé — ${title}`,
    intro:
      "Verdict révisé : un message publié à temps est arrivé en retard et a repris sa place dans le fil. " +
      "Ce qui suit remplace ce qui a été annoncé plus tôt.",
    noticeTitle: "Verdict révisé",
    /** To a duelist whose verdict changed: « tu », and no word of the engine's bookkeeping. */
    introYou:
      "Verdict révisé : un message publié à temps est arrivé en retard et a repris sa place dans le fil. " +
      "Ce qui t'a été annoncé plus tôt change.",
    actionFaultRemoved: (count: number, when: string | null, what: string, sanction: number | null) =>
      `Ta ${ordinal(count)} faute d'action${when ? ` (${post("ton", when)}${what ? ` : ${what}` : ""})` : what ? ` (${what})` : ""} est retirée : elle ne compte plus${sanctionGone(sanction)}.`,
    absenceFaultRemoved: (count: number, turn: number | null, sanction: number | null) =>
      `Ta ${ordinal(count)} faute d'absence${turn === null ? "" : ` (tour ${turn})`} est retirée : elle ne compte plus${sanctionGone(sanction)}.`,
    postCounts: (when: string | null, number: number) =>
      `${capital(post("ton", when))} compte pour le tour ${number}.`,
    /** The post a withdrawn fault just named: not named twice in a row. */
    samePostCounts: (number: number) => `Ce message compte désormais pour le tour ${number}.`,
    turnNow: (name: string, number: number, deadline: string, timeZone?: string) =>
      `C'est maintenant au tour ${de(name)} (tour ${number}), avant ${formatDate(deadline, timeZone)} : tu n'as rien à poster d'ici là.`,
    yourTurnNow: (number: number, deadline: string, timeZone?: string) =>
      `C'est maintenant à toi de jouer (tour ${number}), avant ${formatDate(deadline, timeZone)}.`,
    withdrawn: (titles: readonly string[]) =>
      `Ces verdicts sont annulés, le message arrivé en retard les rend sans objet : ${titles.length > 0 ? joinList(titles.map((t) => `« ${t} »`)) : "voir le journal du duel"}.`,
    /** A duelist's share of many verdicts revised at once: their faults, counted. */
    faultsChanged: (withdrawn: number, added: number) => {
      const gone =
        withdrawn === 0
          ? ""
          : withdrawn === 1
            ? "Une faute qui t'avait été annoncée est retirée : elle ne compte plus."
            : `${withdrawn} fautes qui t'avaient été annoncées sont retirées : elles ne comptent plus.`;
      const counted =
        added === 0
          ? ""
          : added === 1
            ? "Une faute t'est désormais comptée ; l'arbitre peut t'en donner le détail."
            : `${added} fautes te sont désormais comptées ; l'arbitre peut t'en donner le détail.`;
      return (
        [gone, counted].filter((x) => x !== "").join(" ") ||
        "Tes fautes restent celles qui t'ont été annoncées."
      );
    },
    /** What an earlier announcement said that the revision withdraws (R-7.1: one coherent story). */
    noLonger: (titles: readonly string[]) => `Ne vaut plus : ${joinList(titles.map((t) => `« ${t} »`))}.`,
    noLongerYou: (titles: readonly string[]) =>
      `Ce qui t'avait été annoncé ne vaut plus : ${joinList(titles.map((t) => `« ${t} »`))}.`,
    notice: (titles: readonly string[]) =>
      `Les verdicts suivants changent : ${titles.length > 0 ? joinList(titles.map((t) => `« ${t} »`)) : "voir le journal du duel"}.`,
  },

  overrule: {
    cancelFault: (number: string) =>
      `Pour annuler cette faute, écrivez dans le fil : ${command.cancelFault(number)}. ${lastWord}`,
    sanction: (number: string, name: string, points: number) =>
      `Pour annuler la faute et rendre les ${points} PD, écrivez dans le fil : ${command.cancelFault(number)} ; ` +
      `pour seulement ajuster les PD : ${command.adjustPoints(name, points)}. ${lastWord}`,
    restorePoints: (name: string, points: number) =>
      `Pour rendre ces PD, écrivez dans le fil : ${command.adjustPoints(name, points)}. ${lastWord}`,
    /** Below another overrule of the same hibou, which says the decision is the referee's. */
    hitPoints: (name: string, points: number) =>
      `Pour rendre les ${points} PD de l'attaque, écrivez dans le fil : ${command.adjustPoints(name, points)}.`,
    addFault: (name: string) =>
      `Pour sanctionner ce tour, écrivez dans le fil : ${command.actionFault(name)}. ${lastWord}`,
    liftDisqualification: (number: string) =>
      `Pour lever la disqualification, annulez la faute qui l'a causée en écrivant dans le fil : ${command.cancelFault(number)}. ${lastWord}`,
  },

  status: { active: "", out: " (hors du duel)", disqualified: " (hors du duel, disqualification)" },

  started: {
    title: "Le top est donné",
    referee: (first: string, deadline: string, timeZone?: string) =>
      `Le duel commence. ${first} ouvre le duel et doit poster avant ${formatDate(deadline, timeZone)}.`,
    standings: (lines: readonly string[]) => `Points de départ : ${lines.join(" ; ")}.`,
    first: (deadline: string, timeZone?: string) =>
      `Le top est donné : à toi de commencer, avant ${formatDate(deadline, timeZone)}.`,
    other: (first: string) => `Le top est donné : ${first} commence. Tu joueras à ton tour.`,
  },

  /** The action as the referee read it in a post, so a misreading shows at once (CONTRACT.md 5). */
  reading: {
    line: (fields: readonly string[], words: number) =>
      `Lu dans le message : ${fields.join(" ; ")} — ${words} mot${words > 1 ? "s" : ""} (R-6.3).`,
    nothingRead: (words: number) =>
      `Lu dans le message : aucune action (ni bloc [duel] ni récapitulatif) — ${words} mot${words > 1 ? "s" : ""} (R-6.3).`,
    spell: (names: readonly string[]) => `sort : ${names.length > 0 ? joinList(names) : "aucun"}`,
    target: (name: string | null) => `cible : ${name ?? "aucune"}`,
    zone: (zone: string | null) => `zone : ${zone === null ? "aucune" : `« ${zone} »`}`,
    bet: (bet: string | null) => `pari : ${bet === null ? "aucun" : `« ${bet} »`}`,
    particularity: (names: readonly string[]) =>
      `particularité : ${names.length > 0 ? joinList(names) : "aucune"}`,
    unknown: (text: string) => `« ${text} » (inconnu)`,
    /** A field the referee's correction brought (R-6.7): « pari : « 4 » (corrigé) ». */
    corrected: (field: string) => `${field} (corrigé)`,
    recoverWand: "récupérer sa baguette",
  },

  turn: {
    title: (number: number, name: string, faulty: boolean) =>
      `Tour ${number} : ${name}${faulty ? " (tour fautif)" : ""}`,
    absentTitle: (number: number | null, name: string) =>
      `${number === null ? "Tour" : `Tour ${number}`} : ${name} n'a pas posté à temps`,
    nextTitle: (name: string, number: number) => `Au tour ${de(name)} (tour ${number})`,
    played: (name: string, number: number, when: string | null, attack: number, defence: number) =>
      `${name} a joué le tour ${number}${when ? ` (${post("son", when)})` : ""}. Dés : attaque ${attack}, défense ${defence}.`,
    absent: (name: string) =>
      `${name} n'a pas posté avant l'échéance : ses attaques en attente le touchent sans défense (R-6.2).`,
    /** After the absence's fault, in the same hibou: the absence is said already. */
    absentHits: "Sans message, pas de dé de défense : les attaques en attente le touchent (R-6.2).",
    nothingToDefend: "Aucune attaque à parer : le dé de défense ne sert pas.",
    diceRolled:
      "Le message ne contenait pas le lancer de dés du forum : le système a lancé les deux dés pour ce tour (R-3.8). Ce n'est pas une faute.",
    defence: (spell: string, attacker: string, defence: number | null, modifier: number, attack: number) => {
      const roll =
        defence === null
          ? "pas de défense (absence)"
          : modifier === 0
            ? `défense ${defence}`
            : `défense ${sum(defence, modifier)}`;
      return `Contre l'attaque ${de(attacker)} (${spell}) : ${roll} contre attaque ${attack}`;
    },
    deflected: "dévié",
    hit: "touché",
    cancelled: (by: string) => `annulé (${by}, R-4.11)`,
    /** The points left are on the hibou's one points line. */
    damage: (amount: number) => `${signed(-amount)} PD`,
    knockedOut: (name: string) => `${name} n'a plus de PD : hors du duel (R-1.6).`,
    effect: {
      disarmed: (name: string) =>
        `${name} perd sa baguette : son prochain tour sera « récupérer sa baguette » (R-5.1).`,
      "cannot-attack": (name: string) => `${name} ne pourra pas attaquer à son prochain tour.`,
      "next-defence": (name: string, modifier: number) =>
        `Prochaine défense ${de(name)} : ${signed(modifier)}.`,
    },
    faulty: (spell: string | null, defended: boolean) =>
      `${spell ? `Action déclarée : ${spell}. ` : ""}Tour fautif : son action ne produit rien${defended ? ", sa défense a compté" : ""} (R-6.4).`,
    action: (spell: string, target: string | null) => `Action : ${spell}${target ? ` sur ${target}` : ""}.`,
    noAction: "Action : aucune.",
    attack: (attack: number, target: string) =>
      `Attaque ${attack} contre ${target}, qui y répondra avec son prochain dé de défense.`,
    void: (spell: string, name: string) =>
      `${spell} sans effet : ${name} ne pouvait pas attaquer ce tour (R-4.13).`,
    wand: (name: string, disarmedAgain = false) =>
      disarmedAgain
        ? `${name} récupère sa baguette, mais le Désarmement reçu à ce tour la lui reprend : de nouveau sans baguette à son prochain tour (R-5.1, R-3.5).`
        : `${name} récupère sa baguette (R-5.1).`,
    particularity: (name: string, particularity: string) =>
      `${name} utilise sa particularité ${particularity} (une fois par duel).`,
    legilimens: (target: string, blocked: boolean) =>
      blocked
        ? `Legilimens sur ${target} : bloqué par son Occlumens (R-5.4).`
        : `Legilimens sur ${target} : réussi, un autre hibou vous demande de relayer son prochain coup (R-5.3).`,
    pm: (pm: number) => `PM restants : ${pm}.`,
    standings: (lines: readonly string[]) => `Points : ${lines.join(" ; ")}.`,
    next: (name: string, number: number, deadline: string, extension: string | null, timeZone?: string) =>
      `Au tour ${de(name)} (tour ${number}), avant ${formatDate(deadline, timeZone)}` +
      `${extension ? ` (dérogation de ${formatDuration(extension)} incluse)` : ""}.`,
    current: (name: string, number: number, deadline: string, timeZone?: string) =>
      `Le tour en cours reste celui ${de(name)} (tour ${number}), avant ${formatDate(deadline, timeZone)}.`,
    waiting: (name: string, until: string, timeZone?: string) =>
      `Le message ${de(name)} attend sa correction jusqu'au ${formatDay(until, timeZone)} : les messages suivants attendront (R-6.7).`,
  },

  yourTurn: {
    title: (number: number) => `À toi de jouer — tour ${number}`,
    intro: (name: string, number: number, deadline: string, timeZone?: string) =>
      `À toi de jouer, ${name} : tour ${number}, à poster avant ${formatDate(deadline, timeZone)}.`,
    incoming: (attacker: string, spell: string, attack: number, need: DefenceNeed, modifier: number) => {
      const attacked = `${attacker} t'attaque avec ce sort : ${spell} (attaque ${attack}).`;
      const bonus = modifier > 0 ? `ton bonus de ${signed(modifier)}` : `ton malus de ${signed(modifier)}`;
      if (need.kind === "always")
        return `${attacked} Avec ${bonus} en défense, n'importe quel dé de défense l'évite (R-3.2).`;
      if (need.kind === "never")
        return modifier === 0
          ? `${attacked} Aucun dé de défense ne peut l'éviter : il faudrait faire plus de ${attack} (R-3.2).`
          : `${attacked} Avec ${bonus} en défense, aucun dé de défense ne peut l'éviter (R-3.2).`;
      return modifier === 0
        ? `${attacked} Ton dé de défense doit faire plus de ${need.face} pour l'éviter (R-3.2).`
        : `${attacked} Ton dé de défense doit faire plus de ${need.face} pour l'éviter, avec ${bonus} en défense (R-3.2, R-3.5).`;
    },
    points: (points: string) => `Tu as ${points}.`,
    disarmed: "Tu n'as plus ta baguette : ton action doit être « récupérer sa baguette » (R-5.1).",
    cannotAttack: "Tu ne peux pas attaquer à ce tour : un sort d'attaque serait sans effet (R-4.13).",
    /** A modifier with no attack to answer this turn waits for the next one (R-3.5, R-3.6). */
    modifier: (modifier: number) =>
      `Ton prochain dé de défense qui pare une attaque comptera ${signed(modifier)} (R-3.5).`,
    absence: "Sans message d'ici là, c'est une faute d'absence (R-6.2).",
  },

  reminder: {
    title: (number: number) => `Rappel : à toi de jouer — tour ${number}`,
    text: (number: number, deadline: string, timeZone?: string) =>
      `Rappel : c'est à toi de jouer (tour ${number}). Poste avant ${formatDate(deadline, timeZone)}, sinon c'est une faute d'absence (R-6.2).`,
  },
  fault: {
    actionTitle: (name: string, count: number) => `Faute d'action : ${name} (${ordinal(count)})`,
    absenceTitle: (name: string, count: number) => `Faute d'absence : ${name} (${ordinal(count)})`,
    actionReferee: (name: string, count: number, what: string, when: string | null, byReferee: boolean) =>
      `${ordinal(count)} faute d'action ${de(name)}${when ? ` (${post("son", when)})` : ""} : ${byReferee ? byYou(what) : what}.`,
    actionDuelist: (count: number, what: string, when: string | null, byReferee: boolean) =>
      byReferee && what === VIOLATIONS.referee
        ? `L'arbitre te donne ta ${ordinal(count)} faute d'action${when ? ` (${post("ton", when)})` : ""}.`
        : `${byReferee ? "L'arbitre te donne" : "Tu reçois"} ta ${ordinal(count)} faute d'action${when ? ` (${post("ton", when)})` : ""} : ${what}.`,
    failed: "Les actions de ce tour échouent ; sa défense compte (R-6.4).",
    failedYou: "Ton action de ce tour échoue ; ta défense compte (R-6.4).",
    countdown: (left: number, points: number) =>
      `Encore ${left} faute${left > 1 ? "s" : ""} d'action et ${left > 1 ? "la sanction tombe" : "c'est la sanction"} : ${signed(-points)} PD (R-6.5).`,
    countdownYou: (left: number, points: number) =>
      `Attention : encore ${left} faute${left > 1 ? "s" : ""} d'action et tu perds ${points} PD (R-6.5).`,
    absenceReferee: (name: string, count: number, turn: number | null, byReferee: boolean) =>
      `${ordinal(count)} faute d'absence ${de(name)}` +
      `${turn === null ? "" : ` : aucun message avant l'échéance du tour ${turn}`}${byReferee ? ", faute donnée par vous" : ""}.`,
    absenceDuelist: (count: number, turn: number | null, byReferee: boolean) =>
      `${byReferee ? "L'arbitre te donne" : "Tu reçois"} ta ${ordinal(count)} faute d'absence` +
      `${turn === null ? "" : ` : tu n'as pas posté avant l'échéance du tour ${turn}`}.`,
  },

  sanction: {
    title: (name: string, kind: "action" | "absence") =>
      `Sanction : ${name} (${kind === "action" ? "fautes d'action" : "faute d'absence"})`,
    actionReferee: (name: string, points: number, left: string) =>
      `${name} atteint le seuil des fautes d'action : ${signed(-points)} PD selon la table R-6.6, il reste ${left}. Son compteur de fautes d'action repart à 0 (R-6.5).`,
    actionDuelist: (points: number, left: string) =>
      `Tu as atteint le seuil des fautes d'action : tu perds ${points} PD (R-6.6), il te reste ${left}. Ton compteur de fautes d'action repart à 0 (R-6.5).`,
    absenceReferee: (name: string, points: number, left: string) =>
      `Sanction de la faute d'absence ${de(name)} : ${signed(-points)} PD, il reste ${left} (R-6.2).`,
    /** Said right after the absence it sanctions, in the same hibou. */
    absenceFollows: (points: number, left: string | null) =>
      `Sanction : ${signed(-points)} PD${left ? `, il reste ${left}` : ""} (R-6.2).`,
    absenceDuelist: (points: number, left: string) =>
      `Sanction de ta faute d'absence : tu perds ${points} PD, il te reste ${left} (R-6.2).`,
    disqualifyReferee: (name: string) =>
      `Cette faute d'absence entraîne la disqualification ${de(name)} (R-6.8).`,
    disqualifyDuelist: "Cette faute d'absence entraîne ta disqualification (R-6.8).",
  },

  correction: {
    openedTitle: "Droit à l'erreur : message en attente",
    openedDuelist: (
      when: string | null,
      turn: number,
      missing: string,
      until: string,
      minutes: number | null,
      referee: string,
      timeZone?: string,
    ) =>
      `${capital(post("ton", when))} (tour ${turn}) est incomplet : ${missing}. ` +
      `Envoie ce qui manque par hibou à l'arbitre${referee ? `, ${referee},` : ""} avant ${formatDate(until, timeZone)}` +
      `${minutes === null ? "" : ` (${minutes} minutes après ton message)`} ; l'arbitre le publiera dans le duel.`,
    onceDuelist:
      "C'est ton seul droit à l'erreur du duel (R-6.7). Sans correction à temps, la faute d'action s'applique. Ne modifie pas ton message : ce serait une faute (R-6.3).",
    openedReferee: (
      name: string,
      when: string | null,
      turn: number,
      missing: string,
      until: string,
      timeZone?: string,
    ) =>
      `Le message ${de(name)}${when ? ` ${when}` : ""} (tour ${turn}) est incomplet : ${missing}. ` +
      `Il attend jusqu'au ${formatDay(until, timeZone)} (droit à l'erreur, R-6.7) et les messages suivants attendent derrière lui.`,
    howReferee: (name: string, postId: string, fields: readonly string[]) =>
      `Si ${name} vous envoie à temps ce qui manque, écrivez la correction dans le fil :\n${command.correction(postId, fields)}`,
    expiryReferee: "Sans correction à temps, la faute d'action s'appliquera d'elle-même.",
    acceptedTitle: "Correction acceptée",
    acceptedReferee: (name: string, when: string | null, fields: string) =>
      `La correction du message ${de(name)}${when ? ` ${when}` : ""} est enregistrée (${fields}) : le tour est résolu comme si le message avait été complet (R-6.7).`,
    acceptedDuelist: (when: string | null, fields: string) =>
      `L'arbitre a publié la correction de ${post("ton", when)} (${fields}) : ton tour est résolu comme si ton message avait été complet (R-6.7).`,
    /** A corrected post's text is the whole post: a short excerpt, with its length, is enough to recognise it. */
    field: (key: string, value: string) =>
      `${key === "text" ? "texte" : key} : ${key === "text" ? excerpt(value) : value}`,
    noFields: "aucun champ",
    expiredTitle: "Délai de correction expiré",
    expiredReferee: (name: string, when: string | null) =>
      `Le délai de correction du message ${de(name)}${when ? ` ${when}` : ""} est passé sans correction : la faute d'action s'applique et le tour est résolu tel quel (R-6.7).`,
    expiredDuelist: (when: string | null) =>
      `Le délai de correction de ${post("ton", when)} est passé : la faute d'action s'applique et ton tour est résolu tel quel (R-6.7).`,
    fieldNames: { words: "text", cible: "cible", zone: "zone", pari: "pari" } as const,
  },

  disqualified: {
    title: (name: string) => `Disqualification : ${name}`,
    /** Why, with its preposition: « pour » a fault, « sur » the referee's decision. */
    cause: {
      "spell-before-top": "pour un sort lancé avant le top (R-1.3)",
      // Whatever absence the ruleset disqualifies at (the club's: the third).
      absences: "pour une faute d'absence de trop (R-6.2)",
      referee: "sur décision de l'arbitre (R-7.1)",
    },
    referee: (name: string, cause: string) =>
      `Disqualification ${de(name)} ${cause} : ${name} sort du duel (R-6.8).`,
    duelist: (cause: string) => `Disqualification ${cause} : tu sors du duel (R-6.8).`,
  },

  ban: {
    startedTitle: (name: string) => `Interdiction de duel : ${name}`,
    startedReferee: (name: string, until: string, timeZone?: string) =>
      `Interdiction de tout duel pour ${name} jusqu'au ${formatDay(until, timeZone)}, à la suite de sa disqualification (R-6.9). ` +
      "Elle prend fin d'elle-même à cette date ; annuler la disqualification la lève aussitôt (R-7.1).",
    endedTitle: (name: string) => `Fin d'interdiction : ${name}`,
    endedReferee: (name: string, early: boolean) =>
      early
        ? `L'interdiction de duel ${de(name)} est levée avec l'annulation de sa disqualification (R-7.1).`
        : `L'interdiction de duel ${de(name)} a pris fin : ${name} peut de nouveau s'inscrire à un duel (R-6.9).`,
    endedDuelist: (early: boolean) =>
      early
        ? "Ton interdiction de duel est levée : l'arbitre a annulé ta disqualification (R-7.1)."
        : "Ton interdiction de duel a pris fin : tu peux de nouveau t'inscrire à un duel (R-6.9).",
    /** A ban lifted alone by the forum's admin or the operator (R-7.1), who is named. */
    liftedReferee: (name: string, by: string) =>
      `L'interdiction de duel ${de(name)} est levée par ${by} (R-7.1) : ${name} peut de nouveau s'inscrire à un duel. Sa disqualification dans ce duel reste.`,
    liftedDuelist: (by: string) =>
      `Ton interdiction de duel est levée par ${by} : tu peux de nouveau t'inscrire à un duel (R-7.1).`,
  },

  /** A disqualification the referee cancelled (R-7.1, the last word). */
  reinstated: {
    title: (name: string) => `Disqualification annulée : ${name}`,
    referee: (name: string) =>
      `La disqualification ${de(name)} est annulée (R-7.1) : ${name} revient dans le duel avec les PD et les fautes d'avant elle.`,
    duelist:
      "L'arbitre a annulé ta disqualification (R-7.1) : tu reviens dans le duel avec les PD et les fautes d'avant elle.",
  },

  resumed: {
    title: "Le duel reprend",
    /** A cancelled disqualification had ended the duel (R-7.1); `waitsForTop`: it had ended before the top. */
    disqualification: (name: string, waitsForTop: boolean) =>
      `La disqualification ${de(name)} est annulée, et avec elle la fin du duel : ${name} revient et ${resumedWhere(waitsForTop)}`,
    disqualificationYou: (waitsForTop: boolean) =>
      `Ta disqualification est annulée, et avec elle la fin du duel : tu reviens et ${resumedWhere(waitsForTop)}`,
    /** The referee cancelled their own end (R-7.1). */
    end: (waitsForTop: boolean) => `L'arbitre a annulé la fin du duel : ${resumedWhere(waitsForTop)}`,
    text: (name: string, number: string) =>
      `La faute n° ${number} ${de(name)} est annulée, et avec elle la fin du duel : ${name} revient et le duel reprend là où il s'était arrêté, avec une nouvelle échéance pour le tour en cours (R-7.1). L'arbitre peut encore y mettre fin.`,
    you: (number: string) =>
      `Ta faute n° ${number} est annulée, et avec elle la fin du duel : tu reviens et le duel reprend là où il s'était arrêté, avec une nouvelle échéance pour le tour en cours (R-7.1). L'arbitre peut encore y mettre fin.`,
  },

  finished: {
    title: (winner: string | null) =>
      winner ? `Fin du duel : ${winner} l'emporte` : "Fin du duel : pas de vainqueur",
    /** The winner's own title: « tu », as their text. */
    titleYouWon: "Fin du duel : tu l'emportes",
    /** `others`: the duelists who did not win, named, so a one-on-one duel names the opponent. */
    winner: (
      winner: string | null,
      reason: "points" | "disqualification" | "referee",
      others: readonly string[],
    ) => {
      const who = others.length > 0 ? joinList(others) : "les autres duellistes";
      const plural = others.length !== 1;
      const how = {
        points: `${who} ${plural ? "n'ont" : "n'a"} plus de PD (R-1.6)`,
        disqualification: `${who} ${plural ? "sont" : "est"} hors du duel (R-1.6, R-6.8)`,
        referee: "décision de l'arbitre (R-7.1)",
      }[reason];
      return winner
        ? `Le duel est terminé : ${winner} l'emporte, ${how}.`
        : `Le duel est terminé sans vainqueur : ${how}.`;
    },
    /** The same end told to one duelist (`others`: the non-winners but them): « tu » where the referee reads their name. */
    winnerYou: (
      winner: string | null,
      reason: "points" | "disqualification" | "referee",
      others: readonly string[],
      won: boolean,
    ) => {
      const plural = won ? others.length !== 1 : others.length > 0;
      const who = won ? joinList(others) : others.length > 0 ? `${joinList(others)} et toi` : "tu";
      const state = {
        points: plural ? "n'avez plus de PD (R-1.6)" : "n'as plus de PD (R-1.6)",
        disqualification: plural ? "êtes hors du duel (R-1.6, R-6.8)" : "es hors du duel (R-1.6, R-6.8)",
      };
      const how =
        reason === "referee" || (won && others.length === 0)
          ? "décision de l'arbitre (R-7.1)"
          : won
            ? {
                points: `${who} ${plural ? "n'ont" : "n'a"} plus de PD (R-1.6)`,
                disqualification: `${who} ${plural ? "sont" : "est"} hors du duel (R-1.6, R-6.8)`,
              }[reason]
            : `${who} ${state[reason]}`;
      if (winner === null) return `Le duel est terminé sans vainqueur : ${how}.`;
      return won
        ? `Le duel est terminé : tu l'emportes, ${how}.`
        : `Le duel est terminé : ${winner} l'emporte, ${how}.`;
    },
    youWon: "Bravo, tu remportes le duel !",
    youLost: "Le duel est perdu pour cette fois.",
    standings: (lines: readonly string[]) => `Points finaux : ${lines.join(" ; ")}.`,
    /**
     * The stakes to honour and who owes them (R-1.7). `owing` names the duelists who owe them, null
     * for the reader themself; `winner` is null when the reader won (`readerWon`) or nobody did.
     */
    stakes: (stakes: string, winner: string | null, owing: readonly (string | null)[], readerWon = false) => {
      const agreed = `Enjeux convenus à l'inscription : « ${stakes} ».`;
      const named = owing.filter((n): n is string => n !== null);
      if (readerWon && named.length > 0)
        return `${agreed} ${joinList(named)} ${named.length > 1 ? "te les doivent" : "te les doit"} : ils sont à honorer (R-1.7).`;
      if (winner === null || owing.length === 0)
        return `${agreed} Sans vainqueur, l'arbitre dira comment les honorer (R-1.7).`;
      if (owing.includes(null))
        return `${agreed} Tu les dois à ${winner}${named.length > 0 ? `, avec ${joinList(named)}` : ""} : ils sont à honorer (R-1.7).`;
      return `${agreed} ${joinList(named)} ${named.length > 1 ? "les doivent" : "les doit"} à ${winner} : ils sont à honorer (R-1.7).`;
    },
    noStakes: "Aucun enjeu n'avait été convenu pour ce duel (R-1.7).",
    note: (note: string) => `Note de l'arbitre : ${note}`,
  },

  decision: {
    unlistedTitle: (name: string) => `Décision demandée : sort hors liste ${de(name)}`,
    unlisted: (name: string, spells: string, when: string | null) =>
      `${name} a lancé un sort hors de la liste${when ? ` (${post("son", when)})` : ""} : ${spells}. ` +
      "C'est une faute d'action ; le règlement prévoit qu'il peut donner un avantage à l'adversaire, voire entraîner la disqualification immédiate (R-4.14).",
    unlistedAsk: (name: string) =>
      `Souhaitez-vous disqualifier ${name} ? C'est à vous de décider. Pour disqualifier, écrivez dans le fil : ${command.disqualify(name)}. Sinon, rien à faire : la faute d'action suit son cours.`,
    otherTitle: "Décision demandée",
    diceMissing: (detail: string) => `Les dés d'un message manquent : ${detail}`,
    other: (detail: string) => `Votre décision est demandée : ${detail}`,
  },

  legilimens: {
    relayTitle: (caster: string, target: string) => `Legilimens : ${caster} lit dans l'esprit ${de(target)}`,
    relay: (caster: string, target: string) =>
      `${caster} a lancé Legilimens sur ${target} et a réussi (R-5.3). Obtenez en privé le prochain coup ${de(target)} ` +
      `(sort, cible et zone de son prochain message) et transmettez-le à ${caster} par hibou, sans rien en dire à ${target}.`,
    relayDetail: (detail: string) => `Détail : ${detail}`,
    casterTitle: (blocked: boolean) => (blocked ? "Legilimens bloqué" : "Legilimens réussi"),
    success: (target: string) =>
      `Ton Legilimens a réussi : l'arbitre obtiendra en privé le prochain coup ${de(target)} et te le transmettra (R-5.3).`,
    blocked: (target: string) =>
      `L'Occlumens ${de(target)} a bloqué ton Legilimens : il n'a pas d'effet, et ton usage pour ce duel est dépensé (R-5.4).`,
  },

  cancelled: {
    title: (name: string) => `Faute annulée : ${name}`,
    referee: (number: string, name: string) => `La faute n° ${number} ${de(name)} est annulée (R-7.1).`,
    duelist: (number: string) => `L'arbitre a annulé ta faute n° ${number} (R-7.1).`,
    restored: (points: number, left: string) => `PD rendus : ${signed(points)}, soit ${left}.`,
    counters: (action: number, absence: number) =>
      `Fautes en cours : ${action} d'action, ${absence} d'absence.`,
    reinstated: (name: string) => `${name} revient dans le duel.`,
    reinstatedYou: "Tu reviens dans le duel.",
  },

  adjusted: {
    title: (name: string, delta: number) => `Points ajustés : ${name} ${signed(delta)} PD`,
    referee: (name: string, delta: number, left: string) =>
      `Les PD ${de(name)} sont ajustés de ${signed(delta)} : ${left} (R-7.1).`,
    duelist: (delta: number, left: string) =>
      `L'arbitre a ajusté tes PD de ${signed(delta)} : tu as ${left} (R-7.1).`,
    out: (name: string) => `${name} n'a plus de PD : hors du duel (R-1.6).`,
  },

  rejected: {
    title: "Commande d'arbitre non appliquée",
    /** `message` is the refusal's French sentence; its code is for programs, not in a hibou. */
    text: (line: string, when: string | null, message: string, code: string, timeZone?: string) =>
      `Votre commande « ${line} »${when ? ` (${post("votre", when)})` : ""} n'a pas été appliquée : ${withStop(refusalShown(code, message, timeZone))} Corrigez-la dans un nouveau message ou par l'API.`,
  },

  derogation: {
    title: (name: string, duration: string) => `Dérogation accordée : ${name} (${formatDuration(duration)})`,
    referee: (name: string, duration: string, deadline: string | null, timeZone?: string) =>
      deadline
        ? `Dérogation de ${formatDuration(duration)} accordée à ${name} : son tour est à poster avant ${formatDate(deadline, timeZone)} (R-6.2a).`
        : `Dérogation de ${formatDuration(duration)} accordée à ${name} : elle allongera l'échéance de son prochain tour (R-6.2a).`,
    duelist: (duration: string, deadline: string | null, timeZone?: string) =>
      deadline
        ? `L'arbitre t'accorde une dérogation de ${formatDuration(duration)} : poste ton tour avant ${formatDate(deadline, timeZone)} (R-6.2a).`
        : `L'arbitre t'accorde une dérogation de ${formatDuration(duration)} : elle allongera l'échéance de ton prochain tour (R-6.2a).`,
    once: "C'est la seule dérogation du duel (R-6.2a).",
  },
} as const;
