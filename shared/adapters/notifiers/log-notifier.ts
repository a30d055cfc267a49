import { escapeLogText } from "../escape.js";
import type { ChannelNotifier } from "./channel.js";

/** Where the `log` channel writes: one line per hibou. */
export type LogLine = (line: string) => void;

/**
 * The `log` channel: the hibou stays in the outbox and one structured JSON line goes to the logs
 * (CloudWatch in Lambda). A hibou is private (a duelist's faults, a referee's decisions): the line
 * names its kind and recipient, not its words, which the logs' readers need not see. With `texts`
 * (the local stack, CONTRACT.md 1) its title and text are written too, for whoever runs it to read
 * in the terminal. No channel secret is involved, and it never fails.
 */
export function createLogNotifier(
  options: { readonly log?: LogLine; readonly texts?: boolean } = {},
): ChannelNotifier<"log"> {
  const log = options.log ?? console.log;
  return {
    async deliver(hibou) {
      const line = JSON.stringify({
        level: "info",
        message: "hibou",
        channel: "log",
        hibouId: hibou.id,
        duelId: hibou.duelId,
        forumId: hibou.forumId,
        threadId: hibou.threadId,
        to: { role: hibou.to.role, id: hibou.to.id },
        kind: hibou.kind,
        ...(options.texts === true
          ? { title: escapeLogText(hibou.title), text: escapeLogText(hibou.text) }
          : {}),
        createdAt: hibou.createdAt,
        eventId: hibou.eventId,
        rule: hibou.rule,
      });
      try {
        log(line);
      } catch {
        // A logger that throws must not turn a delivered hibou into a failed one.
      }
    },
  };
}
