import { threadUrl } from "../../app/thread-url.js";
import { currentTurn, type Duel } from "../../domain/state.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { formTexts, ui } from "../../texts/desk.js";
import { formatPoints, postTime } from "../../texts/format.js";
import { ruleHref } from "../club/rules-path.js";
import { timeLeft, when } from "./time.js";

const RULE_ID = /R-\d+(?:\.\d+[a-z]?)?/g;

/** Each rule id found in the given texts, linked to its text on the forum's French rules page. */
export function RuleLinks(props: { rules: readonly string[]; forumId: string }) {
  const ids = [...new Set(props.rules.flatMap((r) => r.match(RULE_ID) ?? []))];
  return (
    <>
      {ids.map((id, i) => (
        <>
          {i > 0 ? ", " : ""}
          <a href={ruleHref(id, props.forumId)}>{id}</a>
        </>
      ))}
    </>
  );
}

/** A duelist's name by id, or the id itself when the duel does not know it. */
export function namer(state: Duel): (id: string) => string {
  return (id) => state.duelists.find((d) => d.id === id)?.name ?? id;
}

/**
 * The duel's name: its duelists and, where known, its thread's title, « Alice Dubois contre Bob
 * Martin — « Duel au parc » » (escaped where it is shown, as every text of the pages).
 */
export function duelTitle(state: Duel): string {
  return ui.duel.titled(
    state.duelists.map((d) => d.name),
    state.threadTitle,
  );
}

/** The duel's thread and forum, linked to the thread where the forum's settings say where it is. */
export function ThreadLine(props: { state: Duel; forum: ForumConfig | null }) {
  const { state, forum } = props;
  const href = threadUrl(forum, state.threadId);
  return (
    <p class="thread muted">
      {ui.duel.thread(state.threadId, forum?.name ?? state.forumId)}
      {href ? (
        <>
          {" · "}
          <a href={href} rel="noopener noreferrer" data-thread-link>
            {ui.duel.openThread}
          </a>
        </>
      ) : null}
    </p>
  );
}

/** The duel's faults as a referee reads them: « Bob Martin : 1re faute d'action, tour 3 », by event id. */
export function faultLabels(state: Duel): ReadonlyMap<string, string> {
  const name = namer(state);
  const counts = new Map<string, number>();
  return new Map(
    state.faults.map((f) => {
      const key = `${f.duelistId}/${f.kind}`;
      const nth = (counts.get(key) ?? 0) + 1;
      counts.set(key, nth);
      return [f.eventId, ui.duel.fault(name(f.duelistId), nth, formTexts.kinds[f.kind], f.turn)];
    }),
  );
}

/** The duelists with their points as bars out of their starting points, faults and state. */
export function DuelistsTable(props: { state: Duel }) {
  const t = ui.duel;
  return (
    <table class="stack duelists">
      <thead>
        <tr>
          <th>{t.name}</th>
          <th>{t.year}</th>
          <th>{t.points}</th>
          <th>{t.faults}</th>
          <th>{t.state}</th>
        </tr>
      </thead>
      <tbody>
        {props.state.duelists.map((d) => (
          <tr data-duelist={d.id}>
            <td class="duelist-name">{d.name}</td>
            <td data-label={t.year}>{String(d.year)}</td>
            <td class="num" data-label={t.points}>
              <meter
                min={0}
                max={d.startingPoints}
                value={d.points}
                low={Math.ceil(d.startingPoints * 0.3)}
                high={Math.ceil(d.startingPoints * 0.6)}
                optimum={d.startingPoints}
              />
              <span class="points">{formatPoints(d.points, d.startingPoints)}</span>
            </td>
            <td class="num" data-label={t.faults}>
              {t.faultCounts(d.actionFaults, d.absenceFaults)}
            </td>
            <td data-label={t.state}>
              {duelistState(props.state, d)}
              {d.disarmed && props.state.status !== "finished" ? `, ${t.disarmed}` : ""}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A duelist's state as the referee reads it: in the duel while it runs; once it is over, whether
 * they won or lost (a duelist still standing at the end is no longer « en lice »).
 */
function duelistState(state: Duel, d: Duel["duelists"][number]): string {
  const t = ui.duel;
  if (state.status !== "finished") return t.duelistStatus[d.status];
  if (state.result.winnerId === d.id) return t.endStatus.won;
  if (d.status === "disqualified") return t.duelistStatus.disqualified;
  return state.result.winnerId === null ? t.endStatus.noWinner : t.endStatus.lost;
}

/** Whose turn it is and the time left before the deadline, by the app's clock. */
export function TurnLine(props: { state: Duel; now: string }) {
  const turn = currentTurn(props.state);
  if (!turn) return <p class="muted">{ui.duel.noTurn}</p>;
  return (
    <p class="turn">
      <strong>{ui.duel.turn(turn.number, namer(props.state)(turn.duelistId))}</strong> —{" "}
      {timeLeft(props.now, turn.deadline)} ({ui.time.deadline(when(turn.deadline))})
    </p>
  );
}

/** Posts waiting for a correction, with what they miss and until when. */
export function CorrectionsList(props: { state: Duel }) {
  const pending = props.state.pending;
  if (pending.length === 0) return null;
  const name = namer(props.state);
  return (
    <>
      <h3>{ui.duel.corrections}</h3>
      <ul>
        {pending.map((p) => (
          <li>
            {ui.duel.correction(
              name(p.duelistId),
              postTime(p.post.createdAt),
              when(p.until),
              p.missing.map((m) => ui.missing[m]).join(", "),
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
