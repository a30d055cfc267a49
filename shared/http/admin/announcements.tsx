import type { Duel } from "../../domain/state.js";
import type { OutboxEntry } from "../../ports/outbox-store.js";
import { announcementTexts as texts } from "../../texts/desk-announcements.js";
import { when } from "./time.js";

/** The thread replies of a duel with their delivery state, oldest first. */
export function announcementsView(entries: readonly OutboxEntry[]) {
  return entries.flatMap((entry) =>
    entry.effect.type === "announce"
      ? [
          {
            id: entry.id,
            createdAt: entry.createdAt,
            title: entry.effect.reply.title,
            text: entry.effect.reply.lines.join("\n"),
            postedAt: entry.doneAt,
            attempts: entry.attempts,
            lastError: entry.lastError,
            failedAt: entry.failedAt,
          },
        ]
      : [],
  );
}

type Announcement = ReturnType<typeof announcementsView>[number];

function stateOf(a: Announcement): string {
  if (a.postedAt) return texts.posted(when(a.postedAt));
  if (a.failedAt) return texts.failed(a.lastError ?? "");
  return texts.pending(a.attempts, a.lastError);
}

/** The duel page's section: whether announcements are on, and each reply with its state. */
export function Announcements(props: { state: Duel; announcements: readonly Announcement[] }) {
  return (
    <>
      <h2>{texts.heading}</h2>
      <p class="muted">{props.state.announceOff ? texts.off : texts.on}</p>
      {props.announcements.length === 0 ? (
        <p class="muted">{texts.empty}</p>
      ) : (
        <table class="announcements stack">
          <thead>
            <tr>
              <th>{texts.when}</th>
              <th>{texts.text}</th>
              <th>{texts.state}</th>
            </tr>
          </thead>
          <tbody>
            {props.announcements.map((a) => (
              <tr data-announcement={a.id}>
                <td class="num" data-label={texts.when}>
                  {when(a.createdAt)}
                </td>
                <td>
                  <details>
                    <summary>{a.title}</summary>
                    <pre>{a.text}</pre>
                  </details>
                </td>
                <td data-label={texts.state}>{stateOf(a)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
