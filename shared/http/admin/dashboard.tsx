import type { Duel } from "../../domain/state.js";
import type { DuelSnapshot } from "../../ports/duel-repository.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import type { BoardProblem, FailingPoll } from "../../ports/poll-store.js";
import { ui } from "../../texts/desk.js";
import { forumOf } from "../access.js";
import type { AppDeps } from "../deps.js";
import type { Principal } from "../principal.js";
import { readStatus } from "../routes/status.js";
import { ForumactifCard } from "./forumactif-card.js";
import { CsrfField, type Flash, Layout } from "./layout.js";
import { CorrectionsList, DuelistsTable, duelTitle, namer, ThreadLine, TurnLine } from "./parts.js";
import { when } from "./time.js";

/** Forumactif's part of the health: topics not read, boards that refused the bot's writes for good. */
interface ForumactifHealth {
  readonly failing: readonly FailingPoll[] | null;
  readonly boards?: readonly BoardProblem[] | null;
}

/** `GET /status`'s body: the dashboard shows the same health the API reports. */
interface Health {
  readonly storage: { ok: boolean; latencyMs: number };
  readonly scheduler: { ok: boolean; openTimers: number | null };
  readonly notifications: { undelivered: number | null; failed: number | null };
  /** Present where Forumactif topics are read (CONTRACT.md 4.4). */
  readonly forumactif?: ForumactifHealth;
}

interface RecentBan {
  readonly name: string;
  readonly forumId: string;
  readonly duelistId: string;
  readonly duelId: string;
  readonly until: string;
  readonly ended: boolean;
}

/** Who is looking: the dashboard names them, their role and their forum (CONTRACT.md 3.1). */
export interface Viewer {
  readonly name: string;
  readonly role: Principal["role"];
  /** Null for the operator, who sees every forum. */
  readonly forum: { readonly id: string; readonly name: string } | null;
}

export interface DashboardData {
  readonly now: string;
  readonly viewer: Viewer;
  /** The service's health (`GET /status`): the operator's only, it counts every forum's work. */
  readonly health: Health | null;
  /** Topics not read at their last poll: every forum's for the operator, else the viewer's forum's. */
  readonly forumactif?: ForumactifHealth;
  readonly active: readonly Duel[];
  readonly registered: readonly Duel[];
  readonly finished: readonly Duel[];
  /** The forums of the duels shown, by id: their names and where their threads are. */
  readonly forums: ReadonlyMap<string, ForumConfig>;
  readonly bans: readonly RecentBan[];
}

const LIMIT = 50;

/**
 * What the dashboard shows, read through the same paths as the API: the status route for health,
 * the store's status index for duels. A storage failure leaves the lists empty and the health red
 * rather than hiding the page that reports it. A forum's people see their forum's duels only
 * (`forumId`); the operator (null) sees them all.
 */
export async function loadDashboard(deps: AppDeps, principal: Principal): Promise<DashboardData> {
  const forumId = forumOf(principal);
  const list = async (status: Duel["status"]) =>
    deps.store.listDuels(forumId, status, LIMIT).catch((): DuelSnapshot[] => []);
  const [active, registered, finished, health, forumactif] = await Promise.all([
    list("active"),
    list("registered"),
    list("finished"),
    forumId === null ? readStatus(deps).then((s): Health => s.body) : null,
    forumId === null ? undefined : ownFailingTopics(deps, forumId),
  ]);
  const bans = [...active, ...finished].flatMap(({ state }) =>
    state.bans.map((b) => ({
      name: namer(state)(b.duelistId),
      forumId: state.forumId,
      duelistId: b.duelistId,
      duelId: state.id,
      until: b.until,
      ended: b.ended,
    })),
  );
  const forumIds = [...new Set([...active, ...registered, ...finished].map((d) => d.state.forumId))];
  const forums = new Map(
    (await Promise.all(forumIds.map((id) => deps.store.getForum(id).catch(() => null)))).flatMap((f) =>
      f ? [[f.forumId, f] as const] : [],
    ),
  );
  const forum =
    forumId === null ? null : (forums.get(forumId) ?? (await deps.store.getForum(forumId).catch(() => null)));
  const reading = await forumactifShown(deps, forumId, forum, health?.forumactif ?? forumactif);
  return {
    now: deps.clock.now().toISOString(),
    viewer: {
      name: principal.name,
      role: principal.role,
      forum: forumId === null ? null : { id: forumId, name: forum?.name ?? forumId },
    },
    health,
    ...(reading ? { forumactif: reading } : {}),
    active: active.map((d) => d.state),
    registered: registered.map((d) => d.state),
    finished: finished.map((d) => d.state),
    forums,
    bans: bans.sort((a, b) => b.until.localeCompare(a.until)).slice(0, 10),
  };
}

/**
 * Forumactif's reading, shown only where a Forumactif board is read: the viewer's forum has a
 * source, or (for the operator) some forum has one or a topic or board is failing.
 */
async function forumactifShown(
  deps: AppDeps,
  forumId: string | null,
  forum: ForumConfig | null,
  health: ForumactifHealth | undefined,
): Promise<ForumactifHealth | undefined> {
  if (health === undefined) return undefined;
  if (forumId !== null) return forum?.source ? health : undefined;
  if ((health.failing?.length ?? 0) > 0 || (health.boards?.length ?? 0) > 0) return health;
  const forums = await deps.store.listForums().catch((): ForumConfig[] => []);
  return forums.some((f) => f.source !== undefined) ? health : undefined;
}

/** A forum's topics that could not be read (a duel id is `<forumId>.<threadId>`; no forum id has a dot). */
async function ownFailingTopics(deps: AppDeps, forumId: string) {
  if (!deps.forumactif) return undefined;
  const failing = await deps.forumactif.polls.listFailingPolls().catch(() => null);
  const boards = await deps.forumactif.polls.listBoardProblems().catch(() => null);
  return {
    failing: failing?.filter((f) => f.duelId.startsWith(`${forumId}.`)) ?? null,
    boards: boards?.filter((b) => b.forumId === forumId) ?? null,
  };
}

function State(props: { ok: boolean }) {
  return <span class={props.ok ? "ok" : "ko"}>{props.ok ? ui.dashboard.ok : ui.dashboard.ko}</span>;
}

function HealthCards(props: { health: Health | null; forumactif: DashboardData["forumactif"] }) {
  const { health, forumactif } = props;
  if (health === null && !forumactif) return null;
  return (
    <div class="health">
      {health ? <ServiceCards health={health} /> : null}
      {forumactif ? <ForumactifCard failing={forumactif.failing} boards={forumactif.boards ?? []} /> : null}
    </div>
  );
}

function ServiceCards(props: { health: Health }) {
  const { storage, scheduler, notifications } = props.health;
  const d = ui.dashboard;
  const delivered = notifications.failed === 0;
  return (
    <>
      <div class="card" data-card="storage">
        <h3>{d.storage}</h3>
        <State ok={storage.ok} /> · {d.latency(storage.latencyMs)}
      </div>
      <div class="card" data-card="timers">
        <h3>{d.timers}</h3>
        <State ok={scheduler.ok} /> · {d.openTimers(scheduler.openTimers)}
      </div>
      <div class="card" data-card="hiboux">
        <h3>{d.hiboux}</h3>
        <State ok={delivered} /> · {d.delivery(notifications.undelivered, notifications.failed)}
      </div>
    </>
  );
}

function DuelCard(props: { state: Duel; now: string; forum: ForumConfig | null }) {
  const s = props.state;
  return (
    <section class="card duel" data-duel={s.id}>
      <h3>
        <a href={`/admin/duels/${encodeURIComponent(s.id)}`}>{duelTitle(s)}</a>
      </h3>
      <ThreadLine state={s} forum={props.forum} />
      <p class="muted">
        {ui.duel.referee} : {s.referee.name}
      </p>
      <TurnLine state={s} now={props.now} />
      <DuelistsTable state={s} />
      <CorrectionsList state={s} />
    </section>
  );
}

/** « Vainqueur : Alice Dubois (aux points) », as the duel page says it. */
function resultLine(state: Duel): string {
  if (state.status !== "finished") return "";
  const t = ui.duel;
  const who = state.result.winnerId ? t.winner(namer(state)(state.result.winnerId)) : t.draw;
  return `${who} (${t.resultReason[state.result.reason]})`;
}

function WhoAmI(props: { viewer: Viewer }) {
  const { name, role, forum } = props.viewer;
  const d = ui.dashboard;
  return (
    <p class="whoami" data-role={role} data-forum={forum?.id ?? ""}>
      {forum === null ? d.whoOperator(name) : d.whoForum(name, ui.roles[role], `${forum.name} (${forum.id})`)}{" "}
      {role === "operator" ? <a href="/admin/forums">{d.forums}</a> : null}
      {role === "forum-admin" && forum ? <a href={`/admin/forums/${forum.id}`}>{d.settings}</a> : null}
    </p>
  );
}

/**
 * A ban lifted alone by the forum's admin or the operator (R-7.1; `DELETE /forums/{forumId}/bans/
 * {duelistId}`), with its reason; a referee is not offered it (the API answers them 403).
 */
function LiftBanForm(props: { ban: RecentBan; csrf: string }) {
  const { ban } = props;
  const d = ui.dashboard;
  return (
    <form
      method="post"
      action={`/admin/forums/${encodeURIComponent(ban.forumId)}/bans/${encodeURIComponent(ban.duelistId)}/lift`}
      data-lift-ban={ban.duelistId}
    >
      <CsrfField token={props.csrf} />
      <label>
        {d.liftReason}
        <textarea name="reason" rows={2} maxlength={2000} required />
      </label>
      <button type="submit">{d.liftBan}</button>
    </form>
  );
}

/** `GET /admin`: health, the duels in progress and those waiting for the top, recent bans. */
export function DashboardPage(props: { data: DashboardData; csrf: string; flash?: Flash | null }) {
  const { data } = props;
  const d = ui.dashboard;
  return (
    <Layout title={d.title} csrf={props.csrf} flash={props.flash ?? null}>
      <WhoAmI viewer={data.viewer} />
      {data.health || data.forumactif ? <h2>{d.health}</h2> : null}
      <HealthCards health={data.health} forumactif={data.forumactif} />
      <h2>{d.active}</h2>
      {data.active.length === 0 ? <p class="muted">{d.none}</p> : null}
      <div class="grid">
        {data.active.map((s) => (
          <DuelCard state={s} now={data.now} forum={data.forums.get(s.forumId) ?? null} />
        ))}
      </div>
      <h2>{d.registered}</h2>
      {data.registered.length === 0 ? <p class="muted">{d.none}</p> : null}
      <div class="grid">
        {data.registered.map((s) => (
          <DuelCard state={s} now={data.now} forum={data.forums.get(s.forumId) ?? null} />
        ))}
      </div>
      <h2>{d.finished}</h2>
      {data.finished.length === 0 ? <p class="muted">{d.none}</p> : null}
      <ul class="finished">
        {data.finished.map((s) => (
          <li data-duel={s.id}>
            <a href={`/admin/duels/${encodeURIComponent(s.id)}`}>{duelTitle(s)}</a>
            {d.finishedLine(resultLine(s))}
          </li>
        ))}
      </ul>
      <h2>{d.bans}</h2>
      {data.bans.length === 0 ? <p class="muted">{d.noBans}</p> : null}
      <ul>
        {data.bans.map((b) => (
          <li>
            <a href={`/admin/duels/${encodeURIComponent(b.duelId)}`}>{b.name}</a> —{" "}
            {b.ended ? d.banEnded : d.banUntil(when(b.until))}
            {!b.ended && b.until > data.now && data.viewer.role !== "referee" ? (
              <LiftBanForm ban={b} csrf={props.csrf} />
            ) : null}
          </li>
        ))}
      </ul>
    </Layout>
  );
}
