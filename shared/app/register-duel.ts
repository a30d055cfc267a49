import type { DuelCommand, RegisterDuel } from "../domain/commands.js";
import type { Actor } from "../domain/events.js";
import { type Duel, isOpened } from "../domain/state.js";
import { DomainError } from "../errors.js";
import { isTopicId } from "../forumactif/urls.js";
import { forumactifSource } from "../forumactif/watched.js";
import type { Clock } from "../ports/clock.js";
import type { DedupKey } from "../ports/dedup-key.js";
import type { DuelistStore } from "../ports/duelist-store.js";
import type { ForumConfig, ForumStore } from "../ports/forum-store.js";
import type { OutboxStore } from "../ports/outbox-store.js";
import { defaultRuleset } from "../rules/default-ruleset.js";
import { errorTexts } from "../texts/errors.js";
import type { DuelService } from "./duel-service.js";
import { duelIdOf } from "./incoming-post.js";
import { nameSkeletons } from "./name-skeletons.js";

/** A duel to register, however it was asked for: `POST /duels`, the desk's form, the thread. */
export type DuelRegistration = Omit<RegisterDuel, "id" | "ruleset">;

/** What registration asks of the Forumactif poller: the first read of a new duel's topic. */
export interface TopicWatch {
  watch(forum: ForumConfig | null, duelId: string): Promise<void>;
}

export interface RegisterDeps {
  readonly store: ForumStore & DuelistStore & Pick<OutboxStore, "enqueue">;
  readonly duels: DuelService;
  readonly clock: Clock;
  /** A Forumactif forum sends nothing: its topic is read from registration on (CONTRACT.md 4.4). */
  readonly forumactif?: { readonly poller: TopicWatch };
}

/**
 * Registers a duel (R-1.1, R-1.2) through the decider's `register` command, with what the decider
 * needs read first: the forum (its ruleset, its declared referees) and the duelists' bans. Every
 * check is the decider's; every way of asking for a duel goes through here, so all give the same
 * errors. `forum` is the forum already read, if the caller read it; `dedupKeys` are the delivery's
 * (a thread's opening post retried).
 */
export async function registerDuel(
  deps: RegisterDeps,
  body: DuelRegistration,
  options: {
    readonly forum?: ForumConfig | null;
    readonly dedupKeys?: readonly DedupKey[];
    /** Who asked (CONTRACT.md 3.1), named in the audit log; a thread's opening is the referee's. */
    readonly who?: Actor;
  } = {},
): Promise<Duel> {
  const forum = options.forum === undefined ? await deps.store.getForum(body.forumId) : options.forum;
  if (!forum) throw new DomainError("forum_not_found", errorTexts.forumNotFoundNamed(body.forumId), 404);
  // A Forumactif board's topics are numbers: any other id could never be read (CONTRACT.md 4.4).
  if (forumactifSource(forum) && !isTopicId(body.threadId))
    throw new DomainError("invalid_thread_id", errorTexts.forumactifThreadId(body.threadId), 400);
  const duelId = duelIdOf(body.forumId, body.threadId);
  const duel: RegisterDuel = {
    id: duelId,
    forumId: body.forumId,
    threadId: body.threadId,
    referee: body.referee,
    duelists: body.duelists.map((d) => ({
      id: d.id,
      name: d.name,
      year: d.year,
      particularities: d.particularities ?? [],
      extraSpells: d.extraSpells ?? [],
    })),
    ...(body.firstDuelistId ? { firstDuelistId: body.firstDuelistId } : {}),
    ...(body.replyWindow ? { replyWindow: body.replyWindow } : {}),
    dice: body.dice,
    stakes: body.stakes ?? null,
    ...(body.threadTitle ? { threadTitle: body.threadTitle } : {}),
    ...(body.openedAt ? { openedAt: body.openedAt } : {}),
    ruleset: forum.ruleset ?? defaultRuleset,
  };
  const command: DuelCommand = {
    type: "register",
    now: deps.clock.now().toISOString(),
    duel,
    bans: await deps.store.bansOf(
      body.forumId,
      body.duelists.map((d) => d.id),
    ),
    forumReferees: forum.referees.map((r) => r.id),
    nameSkeletons: await nameSkeletons(body.duelists.map((d) => d.name)),
    ...(options.who ? { who: options.who } : {}),
  };
  const register = () =>
    deps.duels.execute(duelId, command, {
      inputId: "register",
      forumId: body.forumId,
      dedupKeys: options.dedupKeys ?? [],
    });
  let outcome = await register();
  // A copy of this delivery (an opening post delivered twice at once) was committed between this
  // one's read and its commit: decided again on the duel as it now is, the decider refuses it
  // (duel_already_exists). Two distinct registrations racing conflict on the duel's version instead,
  // and the service decides again by itself.
  if (outcome.result === "duplicate") outcome = await register();
  // An applied registration always leaves the duel registered.
  if (outcome.result !== "applied" || !isOpened(outcome.state))
    throw new Error(`registration of ${duelId} not applied`);
  await deps.forumactif?.poller.watch(forum, duelId);
  return outcome.state;
}
