import type { FailingPoll } from "../../ports/poll-store.js";

/** The desk's card for Forumactif topics (issue 14): those that could not be read at their last poll. */
export function ForumactifCard(props: { failing: readonly FailingPoll[] | null }) {
  const { failing } = props;
  const ok = failing !== null && failing.length === 0;
  return (
    <div class="card" data-card="forumactif">
      <h3>Lecture Forumactif</h3>
      <span class={ok ? "ok" : "ko"}>{ok ? "OK" : "En échec"}</span> ·{" "}
      {failing === null
        ? "état inconnu"
        : failing.length === 0
          ? "tous les sujets suivis se lisent"
          : `${failing.length} sujet(s) illisible(s)`}
      {failing && failing.length > 0 ? (
        <ul>
          {failing.map((f) => (
            <li>
              <a href={`/admin/duels/${encodeURIComponent(f.duelId)}`}>{f.duelId}</a> : {f.failures}{" "}
              lecture(s) manquée(s) de suite{f.lastError ? ` (${f.lastError})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
