import type { $ZodIssue, $ZodRawIssue } from "zod/v4/core";

/**
 * The French of field checks: what `details[].message` says of one bad field in a 400 (CONTRACT.md
 * section 2), and why a channel's or a forum's address is refused. zod's own checks (a type, a
 * length, a value) say theirs through {@link zodMessage}; these are the service's own rules.
 */
export const validationTexts = {
  duration: "durée ISO-8601 attendue",
  durationLike: (examples: string) => `durée ISO-8601 attendue (ex. ${examples})`,
  integer: "entier attendu",
  /** A reply window under the floor of `shared/rules/reply-window.ts`. */
  replyWindowTooShort: (min: string) =>
    `délai de réponse trop court : ${min} au moins (la fenêtre de correction, R-6.7, puis le temps d'écrire un tour)`,
  forumId: "lettres, chiffres, - et _ (64 au plus)",
  threadId: "identifiant de fil invalide",
  rulesetId: "identifiant en minuscules, chiffres et tirets",
  duplicateSpell: (id: string) => `sort en double : ${id}`,
  duplicateParticularity: (id: string) => `particularité en double : ${id}`,
  /**
   * A name, alias or id of a custom ruleset that, once normalised as posts and registrations are
   * read, already names another spell or particularity (`shared/rules/ruleset-names.ts`).
   */
  nameTaken: {
    spell: (text: string, id: string) =>
      `« ${text} » désigne déjà le sort ${id} : un nom ne peut désigner qu'une seule chose`,
    particularity: (text: string, id: string) =>
      `« ${text} » désigne déjà la particularité ${id} : un nom ne peut désigner qu'une seule chose`,
  },
  seasons: {
    day: "date attendue sous la forme AAAA-MM-JJ (ex. 2026-09-01)",
    order: "la fin de la saison doit suivre son début",
    overlap: (other: string) => `cette saison chevauche la saison « ${other} »`,
    twice: "deux saisons portent ce nom",
  },
  club: {
    boardOrigin: "adresse du forum attendue (ex. https://poudlard.forumactif.com)",
  },
  secret: {
    standardWebhooks: "secret Standard Webhooks attendu (whsec_…)",
    unusable:
      "secret Standard Webhooks illisible : base64 standard attendu après whsec_ (« = » seulement à la fin)",
    discourse: "12 caractères au moins (règle de Discourse)",
    xenforo: "16 caractères au moins",
  },
  channel: {
    hibouKind: "type de hibou attendu (ex. « fault.action » ou « fault »)",
    account: "les trois (baseUrl, username, password), ou aucun pour le compte de la source",
    sharedForDuelists:
      "un salon partagé ne peut pas servir les duellistes : leurs hiboux partent en message privé (Discourse, Forumactif)",
    refereeWithoutReferees:
      'un arbitre n\'est désigné que pour un canal qui sert les arbitres (serves: ["referees"])',
    xenforoUserId: "identifiant numérique de l'utilisateur XenForo",
  },
  /** Why a channel's URL is refused (`shared/validation/channel-urls.ts`). */
  url: {
    httpsOnly: "https:// attendu (aucun autre protocole)",
    credentials: "pas d'identifiants dans l'URL",
    privateAddress: "adresse IP non publique refusée",
    privateHost: "hôte non public refusé",
    discord: "un webhook Discord est sur discord.com (https://discord.com/api/webhooks/…)",
  },
  /** A Forumactif source's settings (`shared/forumactif/source-settings.ts`, `source-probe.ts`). */
  forumactif: {
    invalidAddress: "adresse invalide",
    addressCredentials: "l'adresse ne doit pas contenir d'identifiants",
    addressOnly: "l'adresse du forum seule, sans « ? » ni « # »",
    noAnswer: (reason: string) => `aucune page du forum à cette adresse : ${reason}`,
    notForumactif: "cette adresse ne répond pas par une page Forumactif",
    timeZone: "fuseau horaire IANA attendu (ex. Europe/Paris)",
    selector: (text: string) => `sélecteur CSS illisible : « ${text} » (ex. div.rp-post, .rp-pseudo)`,
    pollAtLeast: "30 secondes au moins entre deux lectures",
    pollAtMost: "24 heures au plus entre deux lectures",
    facesAtLeast: "une face au moins",
    facesAtMost: "100 faces au plus",
  },
} as const;

/** A noun and whether it is feminine, so that "attendu" and "reçu" agree with it. */
type Noun = readonly [word: string, feminine: boolean];

const NOUNS: Readonly<Record<string, Noun>> = {
  string: ["texte", false],
  number: ["nombre", false],
  int: ["nombre entier", false],
  bigint: ["nombre entier", false],
  boolean: ["booléen (true ou false)", false],
  array: ["liste", true],
  tuple: ["liste", true],
  object: ["objet", false],
  record: ["objet", false],
  map: ["objet", false],
  set: ["liste", true],
  date: ["date", true],
  file: ["fichier", false],
  null: ["null", false],
  nan: ["nombre", false],
  function: ["fonction", true],
};
const VALUE: Noun = ["valeur", true];

const agreed = ([word, feminine]: Noun, participle: string): string =>
  `${word} ${participle}${feminine ? "e" : ""}`;

function nounOfInput(input: unknown): Noun {
  if (input === null) return NOUNS.null ?? VALUE;
  if (Array.isArray(input)) return NOUNS.array ?? VALUE;
  return NOUNS[typeof input] ?? VALUE;
}

/** A value a field may take, as the message quotes it: « text », 3, true. */
const quoted = (value: unknown): string => (typeof value === "string" ? `« ${value} »` : String(value));

/** "3 caractères", "1 élément": the unit a length counts, agreed in number. */
function counted(n: number | bigint, origin: string): string | null {
  const unit = origin === "string" ? "caractère" : origin === "array" || origin === "set" ? "élément" : null;
  if (unit === null) return null;
  return `${n} ${unit}${Number(n) > 1 ? "s" : ""}`;
}

function tooSmall(origin: string, minimum: number | bigint, inclusive: boolean): string {
  if (inclusive && Number(minimum) === 1 && origin === "string") return "ne peut pas être vide";
  if (inclusive && Number(minimum) === 1 && (origin === "array" || origin === "set"))
    return "un élément au moins";
  const length = counted(minimum, origin);
  if (length) return inclusive ? `${length} au moins` : `plus de ${length}`;
  if (origin === "date") return "date trop ancienne";
  return inclusive ? `${minimum} au moins` : `plus de ${minimum} attendu`;
}

function tooBig(origin: string, maximum: number | bigint, inclusive: boolean): string {
  const length = counted(maximum, origin);
  if (length) return inclusive ? `${length} au plus` : `moins de ${length}`;
  if (origin === "date") return "date trop lointaine";
  return inclusive ? `${maximum} au plus` : `moins de ${maximum} attendu`;
}

const FORMATS: Readonly<Record<string, string>> = {
  email: "adresse e-mail invalide",
  url: "adresse (URL) invalide",
  datetime: "date et heure ISO 8601 attendues (ex. 2026-11-30T10:00:00Z)",
  date: "date attendue (AAAA-MM-JJ)",
  time: "heure attendue (HH:MM)",
  duration: validationTexts.duration,
  uuid: "identifiant UUID attendu",
};

function badFormat(issue: Extract<$ZodRawIssue, { code: "invalid_format" }>): string {
  const raw = issue as Readonly<Record<string, unknown>>;
  if (issue.format === "starts_with") return `doit commencer par ${quoted(raw.prefix)}`;
  if (issue.format === "ends_with") return `doit finir par ${quoted(raw.suffix)}`;
  if (issue.format === "includes") return `doit contenir ${quoted(raw.includes)}`;
  return FORMATS[issue.format] ?? "format invalide";
}

const values = (quotedValues: readonly string[]): string =>
  quotedValues.length === 1
    ? `${quotedValues[0]} attendu`
    : `une valeur parmi ${quotedValues.join(", ")} attendue`;

/**
 * A value that matches no alternative of a union (a year: 1 to 7 or « adulte »): what each
 * alternative wanted, when each says it plainly; "valeur invalide" otherwise.
 */
function noneOf(alternatives: readonly (readonly $ZodIssue[])[]): string {
  const wanted: { readonly value?: string; readonly type?: string }[] = [];
  for (const issues of alternatives) {
    const [first] = issues;
    if (issues.length !== 1 || !first) return "valeur invalide";
    if (first.code === "invalid_value") wanted.push(...first.values.map((v) => ({ value: quoted(v) })));
    else if (first.code === "invalid_type") wanted.push({ type: (NOUNS[first.expected] ?? VALUE)[0] });
    else return "valeur invalide";
  }
  if (wanted.length === 0) return "valeur invalide";
  if (wanted.every((w) => w.value !== undefined)) return values(wanted.map((w) => w.value ?? ""));
  return `valeur attendue : ${[...new Set(wanted.map((w) => w.value ?? w.type ?? ""))].join(" ou ")}`;
}

/**
 * zod's checks in French, for every schema of the service (`shared/validation/french-messages.ts`
 * registers it): what `details[].message` says of a field that has the wrong type, length or
 * value. A schema's own message (`validationTexts`) always wins over these.
 */
export function zodMessage(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      const expected = agreed(NOUNS[issue.expected] ?? VALUE, "attendu");
      if (issue.input === undefined) return `champ manquant (${expected})`;
      return `${expected}, ${agreed(nounOfInput(issue.input), "reçu")}`;
    }
    case "invalid_value":
      return values(issue.values.map(quoted));
    case "too_small":
      return tooSmall(issue.origin, issue.minimum, issue.inclusive !== false);
    case "too_big":
      return tooBig(issue.origin, issue.maximum, issue.inclusive !== false);
    case "invalid_format":
      return badFormat(issue);
    case "not_multiple_of":
      return `multiple de ${issue.divisor} attendu`;
    case "unrecognized_keys":
      return issue.keys.length === 1
        ? `champ inconnu : ${issue.keys[0]}`
        : `champs inconnus : ${issue.keys.join(", ")}`;
    case "invalid_union":
      return issue.discriminator ? "valeur inconnue" : noneOf(issue.errors);
    default:
      return "valeur invalide";
  }
}
