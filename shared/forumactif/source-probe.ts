import { BoardFetchError } from "../errors.js";
import { sourcePreviewTexts } from "../texts/source-preview.js";
import { validationTexts } from "../texts/validation.js";
import type { BoardClient } from "./board-client.js";

/**
 * What every Forumactif page carries, whatever its template: the `_userdata` object of its
 * scripts, its assets on Forumactif's `illiweb.com`, or a link to Forumactif itself.
 */
const FORUMACTIF_MARKS = [/\b_userdata\b/, /illiweb\.com/i, /forumactif\./i];

/**
 * Reads a board's address once, when a forum's settings name it (`PUT /forums/{forumId}`), so a
 * wrong address is refused then, in French, not found out at the first poll. Undefined when the
 * address answers a Forumactif page; otherwise why not.
 */
export async function probeBoard(
  board: Pick<BoardClient, "get">,
  baseUrl: string,
): Promise<string | undefined> {
  let html: string;
  try {
    const page = await board.get(`${baseUrl}/`);
    if (page.status !== "fresh") return undefined;
    html = page.html;
  } catch (error) {
    // The transport's own words name addresses and ports (`ECONNREFUSED 127.0.0.1:9001`): a page
    // quoting them would map a network for whoever types addresses in. The admin reads why, in French.
    const reason =
      error instanceof BoardFetchError
        ? sourcePreviewTexts.board[error.code]
        : sourcePreviewTexts.board.network;
    return validationTexts.forumactif.noAnswer(reason);
  }
  if (!FORUMACTIF_MARKS.some((mark) => mark.test(html))) return validationTexts.forumactif.notForumactif;
  return undefined;
}
