/**
 * The French sentences of error answers, keyed by the error's `code` (CONTRACT.md section 2): what
 * a referee, a forum's admin or a script reads when the service refuses or cannot answer. A code
 * refused for several reasons keys one sentence per reason. The codes' statuses are in
 * `shared/errors.ts`; the decider's refusals are in `refusals.ts`.
 */
export const errorTexts = {
  invalid_json: "Le corps n'est pas du JSON valide.",
  invalid_body: {
    request: "Corps de requête invalide.",
    webhook: "Corps de webhook invalide.",
    discourse: "Corps Discourse invalide.",
    xenforo: "Corps XenForo invalide.",
    noContent: "Le contenu du message manque.",
    /** The `details` message of a field that must be there. */
    required: "requis",
    topicId: "topicId attendu (chiffres du sujet, /t1234-…).",
    topicIdDetail: "identifiant de sujet Forumactif attendu",
    previewTopic: "Sujet à lire attendu : son numéro (1234) ou son adresse sur le forum (https://…/t1234-…).",
    previewTopicElsewhere: (host: string) =>
      `Cette adresse n'est pas sur le forum de la source (${host}) : donnez un sujet de ce forum.`,
    channelRefused: (paths: string, reason: string | undefined) =>
      `Canal de notification refusé (${paths}) : ${reason}.`,
    webhookChannelWithoutSecretDetail:
      "secret de signature requis : un secret dans le canal, ou le secret générique du forum (webhookSecrets.generic)",
    webhookChannelWithoutSecret: (paths: string) =>
      `Canal webhook sans secret de signature (${paths}) : donnez-lui un secret (whsec_…) ou définissez le secret générique du forum (webhookSecrets.generic), sinon aucun hibou ne pourrait être signé.`,
    forumactifChannelWithoutAccountDetail:
      "compte robot requis : baseUrl, username et password dans le canal, ou un compte dans source.account",
    forumactifChannelWithoutAccount: (paths: string) =>
      `Canal Forumactif sans compte robot (${paths}) : le forum n'a pas de compte dans source.account.`,
    forumactifBotWithoutAccount:
      "Robot Forumactif sans compte : le forum n'a pas de compte dans source.account.",
    forumactifBotWithoutAccountDetail: "compte robot requis dans source.account",
    forumactifNotRead: "Cette installation ne lit pas de forum Forumactif.",
    forumactifNotReadDetail: "non pris en charge ici",
    forumactifSource: "Réglages de la source Forumactif invalides.",
    replyWindowTooShort: (min: string) =>
      `Délai de réponse (replyWindow) trop court : ${min} au moins, pour que la fenêtre de correction (R-6.7) et l'écriture du tour suivant y tiennent (R-6.1).`,
    sameName: (first: string, second: string) =>
      `Deux duellistes portent le même nom (« ${first} » et « ${second} ») : chaque cible serait ambiguë.`,
    lookAlike: (first: string, second: string) =>
      `Les noms « ${first} » et « ${second} » se confondent à l'écran (une lettre de l'un imite une lettre de l'autre, d'un autre alphabet) : chaque cible serait ambiguë. Inscrivez chaque duelliste sous un nom qu'on ne peut pas confondre.`,
  },
  invalid_ruleset: (issues: readonly { path: string; message: string }[]) =>
    `règlement invalide : ${issues.map((i) => `${i.path} : ${i.message}`).join(" ; ")}`,
  invalid_forum_id: "Identifiant de forum invalide : lettres, chiffres, - et _.",
  invalid_duel_id: "Identifiant de duel invalide : <forum>.<fil>, lettres, chiffres et -_.: (193 au plus).",
  invalid_user_id: "Identifiant de membre invalide : 128 caractères au plus.",
  unknown_referee: "Cet arbitre n'est pas un arbitre déclaré du forum (R-1.1).",
  forumactif_unreachable: (refusal: string) => `Forum Forumactif injoignable : ${refusal}.`,
  token_in_url:
    "Jeton refusé dans l'adresse : il finirait dans l'historique du navigateur et les journaux. " +
    "Envoyez-le dans l'en-tête « Authorization: Bearer … » ou connectez-vous au bureau (/admin/login).",
  desk_session_required:
    "Un jeton ou un secret ne s'affiche qu'à une session du bureau : connectez-vous par le formulaire " +
    "(un script passe par l'API). Rien n'a été créé.",
  unauthorized: {
    token: "Jeton manquant, invalide ou révoqué.",
    operator: "Jeton de l'opérateur manquant ou invalide.",
  },
  invalid_signature: {
    webhook: (reason: string) => `Signature refusée : ${reason}.`,
    /** Why a Standard Webhooks delivery is refused, by the library's reason (`StandardWebhookRefusal`). */
    webhookReasons: {
      "Unusable secret": "signature invalide",
      "Missing required headers": "en-tête webhook-id, webhook-timestamp ou webhook-signature manquant",
      "Invalid Signature Headers": "en-tête webhook-timestamp illisible",
      "Message timestamp too old": "horodatage de plus de 5 minutes dans le passé",
      "Message timestamp too new": "horodatage de plus de 5 minutes dans le futur",
      "No matching signature found": "aucune signature ne correspond au secret du forum",
    },
    discourse: "Signature Discourse refusée.",
  },
  invalid_secret: "Secret XenForo refusé.",
  https_required: "Le secret XenForo circule en clair : HTTPS obligatoire.",
  forbidden_forum: (own: string, asked: string) =>
    `Accès refusé : ce jeton est celui du forum « ${own} », pas de « ${asked} ».`,
  forbidden_role: {
    forumAdmin: "Accès refusé : les réglages du forum sont réservés à son administrateur.",
    operator: "Accès refusé : réservé à l'opérateur du service.",
  },
  forbidden_referee: "Accès refusé : ce jeton n'enregistre que les duels dont vous êtes l'arbitre.",
  forum_not_found: "Forum inconnu.",
  /** The forum a registration names does not exist (the desk's form says it beside the field). */
  forumNotFoundNamed: (forumId: string) => `Forum inconnu : ${forumId}.`,
  forumactifThreadId: (threadId: string) =>
    `Ce forum lit un forum Forumactif : le fil d'un duel est le numéro du sujet (1234 pour /t1234-le-duel), pas « ${threadId} ».`,
  duel_not_found: "Duel inconnu.",
  invalid_status: "status vaut registered, active ou finished.",
  invalid_idempotency_key: "Idempotency-Key : 100 caractères au plus, lettres, chiffres et -_.:",
  not_found: "Route inconnue.",
  duelist_not_found: "Aucun duel connu pour ce duelliste.",
  credential_not_found: "Identifiant inconnu pour ce forum.",
  not_forumactif: "Ce forum n'a pas de source Forumactif à lire.",
  unreadable_topic: (topicId: string, reason: string) => `Le sujet ${topicId} ne se lit pas : ${reason}.`,
  clock_not_manual: "Horloge système : démarrez avec CLOCK=manual pour la déplacer.",
  post_too_large: {
    post: (bytes: number, max: number) =>
      `Message trop long pour l'arbitre : ${bytes} octets une fois enregistré, ${max} au plus. Raccourcissez-le ou scindez-le.`,
    held: (held: number, bytes: number, max: number) =>
      `Le duel retient déjà ${held} octets de messages en attente (fenêtre de correction) : celui-ci (${bytes} octets) dépasserait ${max}. Attendez la fin de la fenêtre.`,
  },
  payload_too_large: "Corps de requête trop grand (1 Mio au plus).",
  unhealthy: (down: readonly string[]) => `Service dégradé : ${down.join(", ")} indisponible(s).`,
  /** The parts of the service `/status` names when they are down. */
  unhealthyParts: { storage: "stockage", scheduler: "minuteries" },
  /** Why a chosen admin token is refused (the local stack says it at start). */
  weakToken: {
    short: (min: number, given: number) => `Jeton trop court : ${min} caractères au moins (${given} donnés).`,
    repetitive: (min: number) => `Jeton trop répétitif : ${min} caractères différents au moins.`,
  },
  unsupported_media_type: "Envoyez du JSON (Content-Type: application/json).",
  too_many_pings: "Ce sujet vient d'être signalé ; réessayez plus tard.",
  too_many_club_pages: "Trop de pages du club demandées depuis cette adresse ; réessayez dans une minute.",
  storage_unavailable: "Stockage indisponible, réessayez.",
  duel_busy: "Ce duel change en ce moment, réessayez.",
  http_error: "Erreur HTTP.",
  internal_error: "Erreur interne.",
} as const;
