import type { TimerSpec } from "../../ports/scheduler.js";
import { dueBound, sortInstant } from "../dynamodb/table.js";
import { byKey, type MemoryTables, parsed } from "./tables.js";

/** Every timer, soonest first (by instant, then name, as the timers' index orders them). */
function timersInOrder(tables: MemoryTables): { timer: TimerSpec; key: string }[] {
  return [...tables.timers.values()]
    .map((json) => parsed<TimerSpec>(json))
    .map((timer) => ({ timer, key: `${sortInstant(timer.at)}#${timer.name}` }))
    .sort((a, b) => byKey(a.key, b.key));
}

export function putTimer(tables: MemoryTables, timer: TimerSpec): void {
  tables.timers.set(timer.name, JSON.stringify(timer));
}

export function deleteTimer(tables: MemoryTables, name: string): void {
  tables.timers.delete(name);
}

export function dueTimers(tables: MemoryTables, now: string, limit: number): TimerSpec[] {
  if (limit <= 0) return [];
  const bound = dueBound(now);
  return timersInOrder(tables)
    .filter(({ key }) => byKey(key, bound) <= 0)
    .slice(0, limit)
    .map(({ timer }) => timer);
}

export function nextTimer(tables: MemoryTables): TimerSpec | null {
  return timersInOrder(tables)[0]?.timer ?? null;
}
