import type { BoardProblem, FailingPoll } from "../../ports/poll-store.js";
import { forumactifCardTexts as t } from "../../texts/desk-forumactif.js";

/**
 * The desk's card for Forumactif: the topics that could not be read at their last poll, and the
 * boards that refused the bot's writes in a way no wait helps (CONTRACT.md 4.4), each with its
 * French reason, told at once.
 */
export function ForumactifCard(props: {
  failing: readonly FailingPoll[] | null;
  boards?: readonly BoardProblem[];
}) {
  const { failing } = props;
  const boards = props.boards ?? [];
  const ok = failing !== null && failing.length === 0 && boards.length === 0;
  return (
    <div class="card" data-card="forumactif">
      <h3>{t.heading}</h3>
      <span class={ok ? "ok" : "ko"}>{ok ? t.ok : t.failing}</span> ·{" "}
      {failing === null ? t.unknown : failing.length === 0 ? t.allReadable : t.unreadable(failing.length)}
      {failing && failing.length > 0 ? (
        <ul>
          {failing.map((f) => (
            <li>
              <a href={`/admin/duels/${encodeURIComponent(f.duelId)}`}>{f.duelId}</a> : {t.missed(f.failures)}
              {f.lastError ? ` (${f.lastError})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {boards.length > 0 ? (
        <div data-part="board-problems">
          <p>{t.writesRefused}</p>
          <ul>
            {boards.map((b) => (
              <li>
                {t.boardProblem(b.forumId, b.at)} {b.problem}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
