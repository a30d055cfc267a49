/**
 * Forum dice: Forumactif posts each roll as a separate message by its Game Master account ("Maître
 * du jeu") right after the member's reply. Its wording is not documented, so it is read
 * tolerantly: the member's name when given, then each die's name (`'Duel' :`) followed by one
 * image per die. A face image the forum did not map, or a roll without the forum's die, is
 * reported as unreadable, never guessed.
 */
import { decodeEntities } from "../parsing/html-entities.js";
import { forumactifTexts } from "../texts/forumactif.js";
import type { DiceSettings, TopicPost } from "./types.js";

export type DiceRoll =
  | { readonly status: "none" }
  | { readonly status: "rolled"; readonly values: readonly number[]; readonly forPlayer: string | null }
  | { readonly status: "unreadable"; readonly reason: string; readonly forPlayer: string | null };

const say = forumactifTexts.dice;

/** Names Forumactif gives the account that posts rolls, compared without case or accents. */
const GAME_MASTER_NAMES = new Set(["maitre du jeu", "game master"]);

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\s\u00a0]+/g, " ")
    .trim()
    .toLowerCase();
}

/** True for a post by the board's Game Master account. */
export function isGameMasterPost(post: TopicPost): boolean {
  return GAME_MASTER_NAMES.has(fold(post.authorName));
}

const QUOTE = `['‘’"«»]`;
// `\u00e9` (é) and `\u2018` (‘) written as escapes, which the RegExp reads: a raw template keeps its
// characters as written, and the bundles are ASCII-only (infra/cdk/ascii-bundle.ts).
const HEADER = new RegExp(
  String.raw`(?:membre|member)\s{0,5}${QUOTE}\s{0,5}([^\n]{1,80}?)\s{0,5}${QUOTE}\s{0,5}(?:a\s+effectu[e\u00e9]|has\s+(?:done|made|performed))[^:\n]{0,80}:\s{0,5}(?:Lancer\s+de\s+d[e\u00e9]s|Dice\s+roll|[^#'\u2018\n]{0,60})`,
  "i",
);
const LABEL = new RegExp(String.raw`${QUOTE}([^\n]{1,80}?)${QUOTE}\s{0,5}:`, "g");
// Bounded and stopping at the next `<`, so that broken markup cannot make the scan quadratic.
const TOKEN =
  /<img\b[^<>]{0,1000}?\bsrc\s*=\s*(?:"([^"<>]{0,2000})"|'([^'<>]{0,2000})')[^<>]{0,1000}>|<[^<>]{0,2000}>/gi;

type Piece = { readonly label: string } | { readonly image: string };

/** The message as a sequence of die labels and images, after the header naming the member. */
function pieces(html: string): { forPlayer: string | null; items: Piece[] } {
  let text = "";
  const items: Piece[] = [];
  let forPlayer: string | null = null;
  let headerDone = false;
  const flush = () => {
    let chunk = decodeEntities(text);
    text = "";
    if (!headerDone) {
      const header = HEADER.exec(chunk);
      if (header !== null) {
        forPlayer = header[1]?.trim() || null;
        chunk = chunk.slice(header.index + header[0].length);
        headerDone = true;
      }
    }
    LABEL.lastIndex = 0;
    for (let m = LABEL.exec(chunk); m !== null; m = LABEL.exec(chunk))
      items.push({ label: m[1]?.trim() ?? "" });
  };
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m !== null; m = TOKEN.exec(html)) {
    text += html.slice(last, m.index);
    last = TOKEN.lastIndex;
    const src = m[1] ?? m[2];
    if (src === undefined) {
      if (/^<br\b/i.test(m[0])) text += "\n";
      continue;
    }
    flush();
    headerDone = true; // images come after the header, if there is one
    items.push({ image: decodeEntities(src).trim() });
  }
  text += html.slice(last);
  flush();
  return { forPlayer, items };
}

function fileName(src: string): string {
  const path = src.split(/[?#]/)[0] ?? src;
  const name = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The value of a face image, by full URL first, then by file name. */
function faceValue(src: string, dice: DiceSettings): number | undefined {
  if (Object.hasOwn(dice.faces, src)) return dice.faces[src];
  const name = fileName(src);
  for (const [key, value] of Object.entries(dice.faces)) {
    if (key === name || fileName(key) === name) return value;
  }
  return undefined;
}

/**
 * The forum die's values in a Game Master post: `none` for any other post, `rolled` with the
 * values in the order shown, `unreadable` with the reason when the post cannot be read for sure.
 */
export function readDiceRoll(post: TopicPost, dice: DiceSettings): DiceRoll {
  if (!isGameMasterPost(post)) return { status: "none" };
  const { forPlayer, items } = pieces(post.html);
  const unreadable = (reason: string): DiceRoll => ({ status: "unreadable", reason, forPlayer });
  const wanted = fold(dice.name);
  let current: string | null = null;
  let found = false;
  const values: number[] = [];
  for (const item of items) {
    if ("label" in item) {
      current = fold(item.label);
      if (current === wanted) found = true;
      continue;
    }
    if (current === null) return unreadable(say.imageWithoutDie(fileName(item.image)));
    if (current !== wanted) continue;
    const value = faceValue(item.image, dice);
    if (value === undefined) return unreadable(say.unknownFace(fileName(item.image)));
    values.push(value);
  }
  if (!found) return unreadable(say.dieMissing(dice.name));
  if (values.length === 0) return unreadable(say.noFace(dice.name));
  return { status: "rolled", values, forPlayer };
}
