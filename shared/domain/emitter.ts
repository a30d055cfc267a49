import type { DuelEvent, EventDraft } from "./events.js";
import { evolveDuel } from "./evolve.js";
import type { Duel } from "./state.js";

/** An event as recorded: its id is `<inputId>#<index>`, its time `now` unless the draft names one. */
export function stamp(event: EventDraft, inputId: string, index: number, now: string): DuelEvent {
  return { at: now, ...event, id: `${inputId}#${index}` } as DuelEvent;
}

/**
 * Collects the events one command produces and keeps the state they lead to, so each rule is
 * decided on the state left by the previous one — and decide and evolve cannot disagree.
 */
export class Emitter {
  readonly events: DuelEvent[] = [];

  constructor(
    public state: Duel,
    private readonly inputId: string,
    public now: string,
  ) {}

  /** Runs `decide` with the emitter's time set to `at` (an absence decided at its deadline). */
  during<T>(at: string, decide: () => T): T {
    const saved = this.now;
    this.now = at;
    try {
      return decide();
    } finally {
      this.now = saved;
    }
  }

  /**
   * Runs `decide` as one step: if it throws, the events it emitted are taken back and the state is
   * as before, so a refused command leaves no trace of being taken.
   */
  atomically<T>(decide: () => T): T {
    const length = this.events.length;
    const state = this.state;
    try {
      return decide();
    } catch (error) {
      this.events.length = length;
      this.state = state;
      throw error;
    }
  }

  /** Records an event (its id is `<inputId>#<n>`, its time `now` unless given) and folds it. */
  emit(event: EventDraft): DuelEvent {
    const full = stamp(event, this.inputId, this.events.length, this.now);
    this.events.push(full);
    this.state = evolveDuel(this.state, full);
    return full;
  }
}
