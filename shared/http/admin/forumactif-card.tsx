import type { FailingPoll } from "../../ports/poll-store.js";
import { forumactifCardTexts as t } from "../../texts/desk-forumactif.js";

/** The desk's card for Forumactif topics: those that could not be read at their last poll. */
export function ForumactifCard(props: { failing: readonly FailingPoll[] | null }) {
  const { failing } = props;
  const ok = failing !== null && failing.length === 0;
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
    </div>
  );
}
