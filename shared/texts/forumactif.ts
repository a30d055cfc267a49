/**
 * What the Forumactif poller tells a duel's referee (CONTRACT.md 6): the hiboux it sends on its own
 * when a topic cannot be read, a die cannot be read or a post is refused, and the reasons they give.
 * "vous" to the referee, as every hibou.
 */
import type { BoardFetchErrorCode, ForumactifPageErrorCode } from "../errors.js";
import { capital, de } from "./format.js";

const READ_REFUSED = "le forum refuse la lecture";

export const forumactifTexts = {
  unreadable: {
    title: "Le fil du duel ne peut plus être lu",
    text: (threadId: string, failures: number, error: string) =>
      `L'arbitre automatique n'arrive plus à lire le sujet ${threadId} sur le forum ` +
      `(${failures} tentatives de suite ; dernière erreur : ${error}). Rien n'est décidé tant que ` +
      "le fil ne se lit pas en entier : les messages postés entre-temps seront pris à leur place " +
      "dès qu'il se lira de nouveau. Vérifiez que le sujet est visible des invités et que le forum répond.",
  },
  readable: {
    title: "Le fil du duel se lit de nouveau",
    text: (threadId: string) =>
      `Le sujet ${threadId} se lit de nouveau : les messages postés entre-temps ont été pris à leur place.`,
  },
  /**
   * A post of the thread as the referee finds it on the board: by its author and its time in the
   * thread (`postTime`), never by its id (« le message d'Alice Dubois de 14 h 02 »); a post that
   * cannot be read, by the readable one before it.
   */
  post: (author: string | null, time: string) =>
    `le message${author === null ? "" : ` ${de(author)}`}${time === "" ? "" : ` ${time}`}`,
  postAfter: (author: string | null, before: string | null) =>
    `${author === null ? "un message" : `le message ${de(author)}`} ${before === null ? "en tête de page" : `qui suit ${before}`}`,
  diceUnreadable: {
    title: "Lancer de dés illisible",
    text: (threadId: string, post: string, reason: string) =>
      `Le lancer de dés qui suit ${post} (le sujet ${threadId}) ne peut pas être lu : ` +
      `${reason}. Le message attend : vérifiez les images des faces dans les réglages du forum ` +
      "(source Forumactif, « dice »), ou décidez vous-même. Aucun dé n'est deviné.",
  },
  postRefused: {
    title: "Message du fil non pris en compte",
    text: (threadId: string, post: string, message: string) =>
      `${capital(post)} (le sujet ${threadId}) n'a pas pu être pris en compte : ${message}`,
  },
  /** Why one post of a page cannot be read (the others are). */
  postProblem: {
    noId: "son numéro de message est introuvable",
    noAuthor: "son auteur est introuvable",
    noMessage: "le texte du message est introuvable",
    noDate: "sa date est introuvable",
    badDate: (shown: string) => `sa date « ${shown} » ne se lit pas`,
    repeated: "ce numéro de message apparaît plusieurs fois dans la page",
  },
  unreadablePost: {
    title: "Message du fil illisible",
    text: (threadId: string, post: string, problem: string) =>
      `${capital(post)} (le sujet ${threadId}) ne peut pas être lu : ${problem}. Il n'est pas pris en compte et rien ` +
      "n'en est deviné ; les autres messages du fil sont lus. Vérifiez-le sur le forum et décidez " +
      "vous-même, ou indiquez la mise en page du thème dans les réglages du forum (source Forumactif, « markup »).",
  },
  /** Why a topic page cannot be read, by `ForumactifPageError` code. */
  pageError: {
    not_forumactif: "la page n'est pas une page Forumactif",
    maintenance: "le forum est en maintenance",
    login_required: "le sujet n'est pas visible sans connexion",
    not_found: "le sujet est introuvable",
    not_a_topic: "la page lue n'est pas un sujet du forum (un portail, un index ou une section)",
    unknown_template: "la version du forum n'est pas reconnue",
    incomplete_page: "la page n'a pas pu être lue en entier",
    too_complex: "la page a trop de balises, ou des balises trop imbriquées, pour être lue",
    not_a_topic_id:
      "le fil du duel n'est pas un numéro de sujet Forumactif (inscrit avant que le forum lise son forum Forumactif ?)",
  } satisfies Record<ForumactifPageErrorCode, string>,
  /** Why the board cannot be reached, by `BoardFetchError` code. */
  boardError: {
    rate_limited: "le forum demande de patienter (trop de requêtes)",
    host_resting: "le forum a demandé de patienter : il sera lu de nouveau à la fin de cette pause",
    server_error: "le forum répond par une erreur",
    network: "le forum ne répond pas",
    login_refused:
      "le forum refuse la connexion du compte robot (nom d'utilisateur ou mot de passe à vérifier dans les réglages)",
    http_error: READ_REFUSED,
    too_large: READ_REFUSED,
    refused_host: READ_REFUSED,
  } satisfies Record<BoardFetchErrorCode, string>,
  readError: "erreur interne pendant la lecture",
  /** Why a Game Master's post gives no Duel dice (`readDiceRoll`'s reasons, then the poller's). */
  dice: {
    imageWithoutDie: (file: string) => `une image sans nom de dé (${file})`,
    unknownFace: (file: string) => `image de face absente des réglages de dés du forum : ${file}`,
    dieMissing: (die: string) => `aucun dé « ${die} » dans le message du Maître du jeu`,
    noFace: (die: string) => `le dé « ${die} » ne montre aucune face`,
    notDescribed: "les dés du forum ne sont pas décrits dans ses réglages",
    none: "aucun dé lisible dans le message du Maître du jeu",
    count: (count: number) => `${count} dé(s) lu(s) au lieu de 2`,
    outOfRange: (values: readonly number[]) => `valeurs hors de 1 à 6 : ${values.join(", ")}`,
  },
} as const;
