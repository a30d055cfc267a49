import type { Hibou } from "../../ports/notifier.js";
import { notifierTexts } from "../../texts/notifiers.js";
import { escapeLogText } from "../escape.js";
import type { ChannelNotifier } from "./channel.js";

/** Where the `log` channel writes: one line per hibou (a block of lines with its texts). */
export type LogLine = (line: string) => void;

/**
 * A hibou as its reader would see it, for a terminal: who it is for, its title, then its text line
 * by line, indented (CONTRACT.md 1: the local stack's hiboux, readable where `npm start` runs).
 */
export function terminalHibou(hibou: Hibou): string {
  const oneLine = (text: string) => escapeLogText(text).replace(/\s+/g, " ").trim();
  const name = oneLine(hibou.to.name ?? hibou.to.username ?? hibou.to.id);
  const indented = escapeLogText(hibou.text)
    .split("\n")
    .map((line) => (line === "" ? "" : `  ${line}`));
  return [
    notifierTexts.terminalHeading(name, hibou.to.role, oneLine(hibou.duel?.name ?? hibou.duelId), hibou.kind),
    `  ${oneLine(hibou.title)}`,
    "",
    ...indented,
    "",
  ].join("\n");
}

/**
 * The `log` channel: the hibou stays in the outbox and one structured JSON line goes to the logs
 * (CloudWatch in Lambda). A hibou is private (a duelist's faults, a referee's decisions): the line
 * names its kind and recipient, not its words, which the logs' readers need not see. With `texts`
 * (the local stack, CONTRACT.md 1) the hibou is written as its reader would see it instead, for
 * whoever runs it to read in the terminal. No channel secret is involved, and it never fails.
 */
export function createLogNotifier(
  options: { readonly log?: LogLine; readonly texts?: boolean } = {},
): ChannelNotifier<"log"> {
  const log = options.log ?? console.log;
  return {
    async deliver(hibou) {
      const line = options.texts === true ? terminalHibou(hibou) : logLine(hibou);
      try {
        log(line);
      } catch {
        // A logger that throws must not turn a delivered hibou into a failed one.
      }
    },
  };
}

/** The structured line the deployed functions write: the hibou's kind and recipient, not its words. */
function logLine(hibou: Hibou): string {
  return JSON.stringify({
    level: "info",
    message: "hibou",
    channel: "log",
    hibouId: hibou.id,
    duelId: hibou.duelId,
    forumId: hibou.forumId,
    threadId: hibou.threadId,
    to: { role: hibou.to.role, id: hibou.to.id },
    kind: hibou.kind,
    createdAt: hibou.createdAt,
    eventId: hibou.eventId,
    rule: hibou.rule,
  });
}
