import type { DuelCommand, PostInput } from "../../shared/domain/commands.js";
import { decide } from "../../shared/domain/decide.js";
import type { DuelEvent } from "../../shared/domain/events.js";
import { fold } from "../../shared/domain/evolve.js";
import type { RefereeAction } from "../../shared/domain/referee-actions.js";
import {
  currentTurn,
  type Duel as DuelOf,
  type DuelResult,
  type DuelState,
  initialState,
  isOpened,
  type Turn,
} from "../../shared/domain/state.js";
import { timersOf } from "../../shared/domain/timers.js";
import type { TimerSpec } from "../../shared/ports/scheduler.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import type { Ruleset } from "../../shared/rules/ruleset.js";
import { addDuration } from "../../shared/time/duration.js";

export const T0 = "2026-11-30T10:00:00.000Z";
export const REFEREE = { id: "7", name: "Minerva McGonagall" };
export const ALICE = { id: "42", name: "Alice Dubois", year: 3 as const };
export const BOB = { id: "43", name: "Bob Martin", year: "adulte" as const };

/** Enough French words to pass R-6.3's 100-word minimum. */
export const LONG_RP = Array.from({ length: 110 }, (_, i) => `mot${i}`).join(" ");

let counter = 0;

/** A tiny given/when/then harness over the pure decider. */
export class Duel {
  private current: DuelState = initialState;
  readonly log: DuelEvent[] = [];
  /** Every command decided, in order: what a replay decides again. */
  readonly inputs: DuelCommand[] = [];
  now = T0;
  private postSeq = 1000;

  constructor(
    options: {
      duelists?: {
        id: string;
        name: string;
        year: 1 | 2 | 3 | 4 | 5 | 6 | 7 | "adulte";
        particularities?: { name: string; rank?: number }[];
        extraSpells?: string[];
      }[];
      ruleset?: Ruleset;
      replyWindow?: string;
      stakes?: string;
      bans?: Record<string, string | null>;
      firstDuelistId?: string;
      dice?: "server" | "forum";
      /** The time of the thread post that opened the duel, read later (R-7.1). */
      openedAt?: string;
      /** When the duel is registered (T0 by default). */
      at?: string;
    } = {},
  ) {
    if (options.at) this.now = options.at;
    this.run({
      type: "register",
      now: this.now,
      bans: options.bans ?? {},
      duel: {
        id: "poudlard.1234",
        forumId: "poudlard",
        threadId: "1234",
        referee: REFEREE,
        duelists: options.duelists ?? [ALICE, BOB],
        dice: options.dice ?? "server",
        ruleset: options.ruleset ?? defaultRuleset,
        ...(options.replyWindow ? { replyWindow: options.replyWindow } : {}),
        ...(options.stakes ? { stakes: options.stakes } : {}),
        ...(options.firstDuelistId ? { firstDuelistId: options.firstDuelistId } : {}),
        ...(options.openedAt ? { openedAt: options.openedAt } : {}),
      },
    });
  }

  /** The duel, registered by the constructor. */
  get state(): DuelOf {
    if (!isOpened(this.current)) throw new Error("no duel registered");
    return this.current;
  }

  /** The turn being played, if the duel runs. */
  get turn(): Turn | null {
    return currentTurn(this.current);
  }

  /** How the duel ended, if it did. */
  get result(): DuelResult | null {
    return this.current.status === "finished" ? this.current.result : null;
  }

  /** Decides a command on the current state and folds its events; returns the new events. */
  run(command: DuelCommand): DuelEvent[] {
    const events = decide(command, this.current, `in${++counter}`);
    this.inputs.push(command);
    this.current = fold(this.current, events);
    this.log.push(...events);
    return events;
  }

  advance(duration: string): this {
    this.now = addDuration(this.now, duration);
    return this;
  }

  referee(action: RefereeAction, reason?: string): DuelEvent[] {
    return this.run({
      type: "referee",
      now: this.now,
      by: { id: REFEREE.id, via: "api" },
      action,
      ...(reason ? { reason } : {}),
    });
  }

  top(): DuelEvent[] {
    return this.referee({ command: "top" });
  }

  /** A post by `author` at the current time, with the block lines given and the dice [attack, defence]. */
  post(
    author: { id: string; name: string },
    block: Record<string, string> | null,
    dice: [number, number],
    options: { text?: string; postId?: string; createdAt?: string; content?: string } = {},
  ): DuelEvent[] {
    return this.run({
      type: "post.received",
      now: this.now,
      post: this.postInput(author, block, dice, options),
    });
  }

  postInput(
    author: { id: string; name: string },
    block: Record<string, string> | null,
    dice: [number, number],
    options: { text?: string; postId?: string; createdAt?: string; content?: string } = {},
  ): PostInput {
    const lines = block
      ? `\n[duel]\n${Object.entries(block)
          .map(([k, v]) => `${k} : ${v}`)
          .join("\n")}\n[/duel]`
      : "";
    return {
      postId: options.postId ?? String(++this.postSeq),
      authorId: author.id,
      authorName: author.name,
      createdAt: options.createdAt ?? this.now,
      content: options.content ?? `${options.text ?? LONG_RP}${lines}`,
      format: "bbcode",
      serverDice: dice,
    };
  }

  fire(timer: TimerSpec): DuelEvent[] {
    return this.run({ type: "timer.fired", now: timer.at, timer });
  }

  /** The duel's timer of this kind (its running reply deadline, its open correction window…). */
  timer(kind: TimerSpec["kind"]): TimerSpec {
    const found = timersOf(this.state).find((t) => t.kind === kind);
    if (!found) throw new Error(`no ${kind} timer`);
    return found;
  }

  /** The clock moved to the current turn's start, if it is still before it (a post in its turn). */
  toTurnStart(): this {
    const startedAt = this.turn?.startedAt;
    if (startedAt && Date.parse(startedAt) > Date.parse(this.now)) this.now = startedAt;
    return this;
  }

  duelist(id: string) {
    const d = this.state.duelists.find((x) => x.id === id);
    if (!d) throw new Error(`no duelist ${id}`);
    return d;
  }

  types(events: readonly DuelEvent[]): string[] {
    return events.map((e) => e.type);
  }
}

/** Block for an attack spell on a target. */
export const attack = (spell: string, target: string, zone = "torse", pari = "4") => ({
  Sort: spell,
  Cible: target,
  Zone: zone,
  Pari: pari,
});
