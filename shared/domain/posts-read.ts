import { readRefereeCommands } from "../parsing/referee-commands.js";
import { readContext } from "./assess.js";
import type { DuelCommand } from "./commands.js";
import type { DuelState } from "./state.js";

/**
 * The posts whose marks deciding this command may read: the post itself, and the posts a referee's
 * correction names (by the API, or in an `[arbitre]` block of the referee's post, read as the
 * decider will read it). A decision reads these posts' marks with the duel: the duel's state need
 * not hold every mark of its thread.
 */
export function postIdsRead(command: DuelCommand, state: DuelState): string[] {
  switch (command.type) {
    case "post.deleted":
      return [command.postId];
    case "post.received":
    case "post.edited": {
      const { post } = command;
      const isReferee = state.status !== "none" && post.authorId === state.referee.id;
      if (!isReferee || !post.content.toLowerCase().includes("[arbitre")) {
        return [post.postId];
      }
      const corrected = readRefereeCommands(post.content, post.format, readContext(state)).flatMap((line) =>
        line.ok && line.action.command === "correction" ? [line.action.postId] : [],
      );
      return [...new Set([post.postId, ...corrected])];
    }
    case "referee":
      return command.action.command === "correction" ? [command.action.postId] : [];
    default:
      return [];
  }
}
