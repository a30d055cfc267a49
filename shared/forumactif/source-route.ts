import { safeParse } from "zod/mini";
import { ApiError } from "../errors.js";
import { errorTexts } from "../texts/errors.js";
import type { DestinationPolicy } from "../validation/channel-urls.js";
import { zodDetails } from "../validation/zod-details.js";
import type { BoardClient } from "./board-client.js";
import { probeBoard } from "./source-probe.js";
import { type ForumactifSource, forumactifSourceSchema } from "./source-settings.js";

/** What `PUT /forums/{forumId}` needs to accept a Forumactif source. */
export interface SourceDeps {
  readonly policy: DestinationPolicy;
  readonly board: Pick<BoardClient, "get">;
}

/**
 * A forum's `source` as `PUT /forums/{forumId}` takes it (CONTRACT.md 4.4): validated (400 naming
 * the field), then the board is read once, so an address that answers no Forumactif page is refused
 * now, with a French sentence, rather than failing at every poll.
 */
export async function readSourceSettings(
  raw: unknown,
  deps: SourceDeps | undefined,
): Promise<ForumactifSource | undefined> {
  if (raw === undefined) return undefined;
  if (!deps)
    throw new ApiError(400, "invalid_body", errorTexts.invalid_body.forumactifNotRead, [
      { path: "source", message: errorTexts.invalid_body.forumactifNotReadDetail },
    ]);
  const parsed = safeParse(forumactifSourceSchema(deps.policy), raw);
  if (!parsed.success) {
    const details = zodDetails(parsed.error).map((d) => ({
      ...d,
      path: d.path ? `source.${d.path}` : "source",
    }));
    throw new ApiError(400, "invalid_body", errorTexts.invalid_body.forumactifSource, details);
  }
  const refusal = await probeBoard(deps.board, parsed.data.baseUrl);
  if (refusal)
    throw new ApiError(400, "forumactif_unreachable", errorTexts.forumactif_unreachable(refusal), [
      { path: "source.baseUrl", message: refusal },
    ]);
  return parsed.data;
}
