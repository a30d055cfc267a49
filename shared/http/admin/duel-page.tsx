import type { DuelEvent } from "../../domain/events.js";
import type { Duel } from "../../domain/state.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { eventLabels } from "../../texts/audit.js";
import { ui } from "../../texts/desk.js";
import { requireForum } from "../access.js";
import type { AppDeps } from "../deps.js";
import type { Principal } from "../principal.js";
import { notificationsView } from "../views.js";
import { Announcements, announcementsView } from "./announcements.js";
import { eventDetail, rulesOf } from "./audit.js";
import { CommandForms, LastWordForms } from "./command-forms.js";
import { DuelBoardSection } from "./duel-board-section.js";
import { type Flash, Layout } from "./layout.js";
import {
  CorrectionsList,
  DuelistsTable,
  duelTitle,
  faultLabels,
  namer,
  RuleLinks,
  ThreadLine,
  TurnLine,
} from "./parts.js";
import { when } from "./time.js";

type Hibou = ReturnType<typeof notificationsView>[number];

export interface DuelPageData {
  readonly now: string;
  readonly state: Duel;
  /** The duel's forum: its name and where its thread is; null when it cannot be read. */
  readonly forum: ForumConfig | null;
  readonly events: readonly DuelEvent[];
  readonly hiboux: readonly Hibou[];
  readonly announcements: ReturnType<typeof announcementsView>;
}

/**
 * The duel, its whole audit log (oldest first) and its hiboux, as the JSON API shows them; another
 * forum's people get 403 `forbidden_forum` before anything but the duel's forum is read.
 */
export async function loadDuelPage(
  deps: AppDeps,
  principal: Principal,
  duelId: string,
): Promise<DuelPageData | null> {
  const duel = await deps.store.loadDuel(duelId);
  if (!duel) return null;
  requireForum(principal, duel.state.forumId);
  const [inputs, outbox, forum] = await Promise.all([
    deps.store.listInputs(duelId),
    deps.store.listOutbox(duelId),
    deps.store.getForum(duel.state.forumId).catch(() => null),
  ]);
  return {
    now: deps.clock.now().toISOString(),
    state: duel.state,
    forum,
    events: inputs.flatMap((i) => i.events),
    hiboux: notificationsView(outbox),
    announcements: announcementsView(outbox),
  };
}

function Summary(props: { state: Duel; now: string; csrf: string }) {
  const { state } = props;
  const t = ui.duel;
  const result = state.status === "finished" ? state.result : null;
  return (
    <>
      <p>
        {t.status[state.status]} · {t.referee} : {state.referee.name}
        {state.stakes ? ` · ${t.stakes} : ${state.stakes}` : ""}
      </p>
      {result ? (
        <p>
          <strong>{t.result} : </strong>
          {result.winnerId ? t.winner(namer(state)(result.winnerId)) : t.draw} (
          {t.resultReason[result.reason]})
        </p>
      ) : null}
      <div class="forms last-word">
        <LastWordForms state={state} csrf={props.csrf} />
      </div>
      <TurnLine state={state} now={props.now} />
      <h2>{t.duelists}</h2>
      <DuelistsTable state={state} />
      <CorrectionsList state={state} />
    </>
  );
}

/**
 * The thread's posts made before the duel was registered: shown as its history, never
 * judged (no fault, no disqualification, no turn).
 */
function ThreadHistory(props: { events: readonly DuelEvent[] }) {
  const history = props.events.filter((e) => e.type === "post.history");
  if (history.length === 0) return null;
  const t = ui.duel;
  return (
    <section class="thread-history">
      <h2>{t.history}</h2>
      <p class="muted">{t.historyIntro}</p>
      <ul>
        {history.map((e) => (
          <li data-post={e.postId}>
            <strong>{e.authorName}</strong> — {when(e.createdAt)} — {t.historyPost(e.postId)}
            <pre>{e.summary}</pre>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The journal's events shown at once; the older ones wait behind a « voir plus » (no script). */
const RECENT_EVENTS = 10;

/** The journal, newest first: the latest events open, the older ones folded below them. */
function AuditLog(props: { events: readonly DuelEvent[]; state: Duel }) {
  const t = ui.log;
  if (props.events.length === 0) return <p class="muted">{t.empty}</p>;
  const newestFirst = [...props.events].reverse();
  const recent = newestFirst.slice(0, RECENT_EVENTS);
  const older = newestFirst.slice(RECENT_EVENTS);
  return (
    <>
      <AuditTable events={recent} state={props.state} />
      {older.length > 0 ? (
        <details class="older-events">
          <summary>{t.older(older.length)}</summary>
          <AuditTable events={older} state={props.state} />
        </details>
      ) : null}
    </>
  );
}

function AuditTable(props: { events: readonly DuelEvent[]; state: Duel }) {
  const t = ui.log;
  const name = namer(props.state);
  const faults = faultLabels(props.state);
  const ctx = { nameOf: name, ruleset: props.state.ruleset, faultOf: (id: string) => faults.get(id) };
  return (
    <table class="audit stack">
      <thead>
        <tr>
          <th>{t.when}</th>
          <th>{t.what}</th>
          <th>{t.detail}</th>
          <th>{t.rule}</th>
        </tr>
      </thead>
      <tbody>
        {props.events.map((e) => (
          <tr data-event={e.type} data-event-id={e.id}>
            <td class="num">{when(e.at)}</td>
            <td>
              <strong>{eventLabels[e.type] ?? e.type}</strong>
            </td>
            <td>
              {eventDetail(e, ctx).map((p, i) => (
                <>
                  {i > 0 ? " · " : ""}
                  <span class="muted">{p.label} :</span> {p.value}
                </>
              ))}
            </td>
            <td data-label={t.rule}>
              <RuleLinks rules={rulesOf(e)} forumId={props.state.forumId} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function deliveryState(h: Hibou): string {
  const t = ui.hibou;
  if (h.deliveredAt) return t.delivered(when(h.deliveredAt));
  const failed = h.channels.find((c) => c.failedAt);
  if (failed) return t.failed(failed.lastError ?? "");
  return t.pending(Math.max(0, ...h.channels.map((c) => c.attempts)));
}

function Hiboux(props: { hiboux: readonly Hibou[]; forumId: string }) {
  const t = ui.hibou;
  if (props.hiboux.length === 0) return <p class="muted">{t.empty}</p>;
  return (
    <table class="hiboux stack">
      <thead>
        <tr>
          <th>{t.when}</th>
          <th>{t.to}</th>
          <th>{t.text}</th>
          <th>{ui.log.rule}</th>
          <th>{t.state}</th>
        </tr>
      </thead>
      <tbody>
        {props.hiboux.map((h) => (
          <tr data-kind={h.kind}>
            <td class="num">{when(h.createdAt)}</td>
            <td data-label={t.to}>
              {t.role[h.to.role]} {h.to.name ?? h.to.id}
            </td>
            <td>
              <details>
                <summary>{h.title}</summary>
                <pre>{h.text}</pre>
              </details>
            </td>
            <td data-label={ui.log.rule}>
              {h.rule ? <RuleLinks rules={[h.rule]} forumId={props.forumId} /> : null}
            </td>
            <td data-label={t.state}>{deliveryState(h)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `GET /admin/duels/{id}`: the duel, the referee's forms, the audit log and the hiboux; it refreshes itself. */
export function DuelPage(props: {
  data: DuelPageData;
  csrf: string;
  flash?: Flash | null;
  /** This service's public origin, for the code to paste in the thread (CONTRACT.md 9). */
  publicOrigin?: string;
}) {
  const { state } = props.data;
  const t = ui.duel;
  const labels = faultLabels(state);
  return (
    <Layout title={duelTitle(state)} csrf={props.csrf} flash={props.flash ?? null} refresh={REFRESH_SECONDS}>
      <ThreadLine state={state} forum={props.data.forum} />
      <Summary state={state} now={props.data.now} csrf={props.csrf} />
      {state.faults.length > 0 ? (
        <>
          <h3>{t.faultList}</h3>
          <ul class="faults">
            {state.faults.map((f) => (
              <li data-fault={f.eventId}>
                {labels.get(f.eventId)}
                {f.cancelled ? ` (${t.cancelled})` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>{t.commands}</h2>
      <p class="muted">{t.commandsIntro}</p>
      <CommandForms state={state} csrf={props.csrf} />
      <ThreadHistory events={props.data.events} />
      <h2>{t.log}</h2>
      <AuditLog events={props.data.events} state={state} />
      <h2>{t.hiboux}</h2>
      <Hiboux hiboux={props.data.hiboux} forumId={state.forumId} />
      <Announcements state={state} announcements={props.data.announcements} />
      <DuelBoardSection state={state} forum={props.data.forum} origin={props.publicOrigin ?? ""} />
      <p class="muted">{t.refreshing}</p>
    </Layout>
  );
}

/** How often the duel page reloads itself while the referee only reads it (refresh.ts). */
const REFRESH_SECONDS = 30;
