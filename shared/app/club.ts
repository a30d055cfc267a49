import type { ClubDuelRecord } from "../domain/club-record.js";
import { ApiError } from "../errors.js";
import type { ClubRead, ClubStore, EndedRange } from "../ports/club-store.js";
import type { ForumConfig, Season } from "../ports/forum-store.js";
import { defaultRuleset } from "../rules/default-ruleset.js";
import { clubTexts } from "../texts/club.js";
import { duelName } from "../texts/format.js";
import { addDuration, durationMs, parseDuration } from "../time/duration.js";
import { dayOf, PARIS, parisDay, wallTimeAt, zonedToUtc } from "../time/zoned-time.js";
import { threadUrl } from "./thread-url.js";

/** One line of a season's standings (CONTRACT.md 8). */
export interface Standing {
  readonly duelistId: string;
  readonly name: string;
  readonly duels: number;
  readonly wins: number;
  /** Duels lost, disqualifications included. */
  readonly losses: number;
  readonly disqualifications: number;
  readonly actionFaults: number;
  readonly absenceFaults: number;
}

export interface ActiveEntry {
  readonly duelId: string;
  /** The duelists: « Alice Dubois contre Bob Martin ». */
  readonly title: string;
  /** The thread's title on the forum, where a source named it. */
  readonly threadTitle: string | null;
  readonly threadUrl: string | null;
  readonly turn: {
    readonly duelistId: string;
    readonly name: string;
    readonly number: number;
    readonly deadline: string;
  } | null;
}

export interface FinishedEntry {
  readonly duelId: string;
  /** The duelists: « Alice Dubois contre Bob Martin ». */
  readonly title: string;
  /** The thread's title on the forum, where a source named it. */
  readonly threadTitle: string | null;
  readonly threadUrl: string | null;
  readonly endedAt: string | null;
  readonly winnerId: string | null;
  readonly winnerName: string | null;
  readonly reason: "points" | "disqualification" | "referee";
  readonly stakes: string | null;
  readonly stakesHonoured: boolean | null;
  readonly duelists: readonly {
    readonly id: string;
    readonly name: string;
    readonly outcome: string | null;
  }[];
}

export interface BanEntry {
  readonly duelistId: string;
  readonly name: string;
  readonly until: string;
}

/** The club's records of one season, as `GET /forums/{forumId}/club` answers them (CONTRACT.md 8). */
export interface ClubView {
  readonly forum: { readonly id: string; readonly name: string };
  readonly season: Season;
  /** Every season there is something to show for, newest first. */
  readonly seasons: readonly string[];
  readonly standings: readonly Standing[];
  readonly active: readonly ActiveEntry[];
  readonly finished: readonly FinishedEntry[];
  readonly bans: readonly BanEntry[];
}

/** The school year an instant falls in, Paris time: 1 September to 31 August (`2026-2027`). */
export function schoolYearOf(iso: string): Season {
  const day = parisDay(new Date(iso));
  const year = Number(day.slice(0, 4));
  const start = day.slice(5) >= "09-01" ? year : year - 1;
  return { name: `${start}-${start + 1}`, from: `${start}-09-01`, to: `${start + 1}-08-31` };
}

/** A season by its name among the forum's own, or a school year's name (`2025-2026`). */
function seasonNamed(name: string, own: readonly Season[] | undefined): Season | null {
  if (own && own.length > 0) return own.find((s) => s.name === name) ?? null;
  const years = /^(\d{4})-(\d{4})$/.exec(name);
  if (!years || Number(years[2]) !== Number(years[1]) + 1) return null;
  return { name, from: `${years[1]}-09-01`, to: `${years[2]}-08-31` };
}

/** The season a Paris day falls in, among the forum's own or school years; null outside every own season. */
function seasonOfDay(iso: string, own: readonly Season[] | undefined): Season | null {
  if (!own || own.length === 0) return schoolYearOf(iso);
  const day = parisDay(new Date(iso));
  return own.find((s) => s.from <= day && day <= s.to) ?? null;
}

/** The season shown when none is asked for: the one running now, else the last one begun. */
function currentSeason(now: string, own: readonly Season[] | undefined): Season {
  const running = seasonOfDay(now, own);
  if (running) return running;
  const today = parisDay(new Date(now));
  const sorted = [...(own ?? [])].sort((a, b) => (a.from < b.from ? 1 : -1));
  return sorted.find((s) => s.from <= today) ?? sorted.at(-1) ?? schoolYearOf(now);
}

/** « Alice Dubois contre Bob Martin ». */
export function duelTitle(record: Pick<ClubDuelRecord, "duelists">): string {
  return duelName(record.duelists.map((d) => d.name));
}

/** When a finished duel counts: its end (a running duel's record has none: its registration). */
function endOf(record: ClubDuelRecord): string {
  return record.endedAt ?? record.createdAt;
}

function standingsOf(finished: readonly ClubDuelRecord[]): Standing[] {
  const byId = new Map<string, Standing & { at: string }>();
  for (const record of finished) {
    for (const d of record.duelists) {
      const was = byId.get(d.id);
      const at = endOf(record);
      const lost = d.outcome === "lost" || d.outcome === "disqualified";
      byId.set(d.id, {
        duelistId: d.id,
        // The name of their latest duel: a duelist renamed on the board shows as they are now.
        name: was && was.at > at ? was.name : d.name,
        at: was && was.at > at ? was.at : at,
        duels: (was?.duels ?? 0) + 1,
        wins: (was?.wins ?? 0) + (d.outcome === "won" ? 1 : 0),
        losses: (was?.losses ?? 0) + (lost ? 1 : 0),
        disqualifications: (was?.disqualifications ?? 0) + (d.outcome === "disqualified" ? 1 : 0),
        actionFaults: (was?.actionFaults ?? 0) + d.actionFaults,
        absenceFaults: (was?.absenceFaults ?? 0) + d.absenceFaults,
      });
    }
  }
  return [...byId.values()]
    .map(({ at: _at, ...standing }) => standing)
    .sort(
      (a, b) =>
        b.wins - a.wins ||
        a.losses - b.losses ||
        a.actionFaults + a.absenceFaults - (b.actionFaults + b.absenceFaults) ||
        a.name.localeCompare(b.name, "fr"),
    );
}

/** The bans in force now, one per duelist (the latest end), with the name they were banned under. */
function bansOf(records: readonly ClubDuelRecord[], now: string): BanEntry[] {
  const byId = new Map<string, BanEntry>();
  for (const record of records) {
    for (const ban of record.bans) {
      if (Date.parse(ban.until) <= Date.parse(now)) continue;
      const was = byId.get(ban.duelistId);
      if (was && was.until >= ban.until) continue;
      const name = record.duelists.find((d) => d.id === ban.duelistId)?.name ?? ban.duelistId;
      byId.set(ban.duelistId, { duelistId: ban.duelistId, name, until: ban.until });
    }
  }
  return [...byId.values()].sort((a, b) => (a.until < b.until ? -1 : a.until > b.until ? 1 : 0));
}

/**
 * The seasons there is something to show for, newest first: the forum's own, or every school year
 * from the one its first duel ended in to the current one.
 */
function seasonNames(firstEndedAt: string | null, forum: ForumConfig, now: string): string[] {
  const seasons = new Map<string, Season>();
  const current = currentSeason(now, forum.seasons);
  seasons.set(current.name, current);
  if (forum.seasons && forum.seasons.length > 0) for (const s of forum.seasons) seasons.set(s.name, s);
  else if (firstEndedAt !== null) {
    const first = Number(schoolYearOf(firstEndedAt).from.slice(0, 4));
    const last = Number(current.from.slice(0, 4));
    for (let year = first; year < last; year++) {
      const season = seasonNamed(`${year}-${year + 1}`, undefined);
      if (season) seasons.set(season.name, season);
    }
  }
  return [...seasons.values()]
    .sort((a, b) => (a.from < b.from ? 1 : a.from > b.from ? -1 : 0))
    .map((s) => s.name);
}

/**
 * The club's records of a season from one read of the forum and its duels' records. Throws
 * `ApiError` 404 for an unknown forum or season; whether the records are public is the caller's.
 */
export function clubView(read: ClubRead, now: string, seasonName?: string): ClubView {
  const { forum, records } = read;
  if (!forum) throw new ApiError(404, "forum_not_found", clubTexts.forumNotFound);
  const season = seasonName ? seasonNamed(seasonName, forum.seasons) : currentSeason(now, forum.seasons);
  if (!season) throw new ApiError(404, "season_not_found", clubTexts.seasonNotFound(seasonName ?? ""));
  const finished = records
    .filter((r) => r.status === "finished")
    .filter((r) => {
      const day = parisDay(new Date(endOf(r)));
      return season.from <= day && day <= season.to;
    })
    .sort((a, b) => (endOf(a) < endOf(b) ? 1 : endOf(a) > endOf(b) ? -1 : 0));
  const nameOf = (record: ClubDuelRecord, id: string | null) =>
    id === null ? null : (record.duelists.find((d) => d.id === id)?.name ?? id);
  return {
    forum: { id: forum.forumId, name: forum.name },
    season,
    seasons: seasonNames(read.firstEndedAt, forum, now),
    standings: standingsOf(finished),
    active: records
      .filter((r) => r.status !== "finished")
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))
      .map((r) => ({
        duelId: r.duelId,
        title: duelTitle(r),
        threadTitle: r.threadTitle ?? null,
        threadUrl: threadUrl(forum, r.threadId),
        turn: r.turn ? { ...r.turn, name: nameOf(r, r.turn.duelistId) ?? r.turn.duelistId } : null,
      })),
    finished: finished.map((r) => ({
      duelId: r.duelId,
      title: duelTitle(r),
      threadTitle: r.threadTitle ?? null,
      threadUrl: threadUrl(forum, r.threadId),
      endedAt: r.endedAt,
      winnerId: r.winnerId,
      winnerName: nameOf(r, r.winnerId),
      reason: r.reason ?? "referee",
      stakes: r.stakes,
      stakesHonoured: r.stakesHonoured,
      duelists: r.duelists.map((d) => ({ id: d.id, name: d.name, outcome: d.outcome })),
    })),
    bans: bansOf(records, now),
  };
}

/** The instants a season covers: from its first day's midnight, Paris time, to the midnight after its last. */
export function seasonInstants(season: Season): EndedRange {
  const midnight = (day: string, plusDays = 0) => {
    const [year, month, date] = day.split("-").map(Number);
    return new Date(zonedToUtc(year ?? 0, month ?? 1, (date ?? 1) + plusDays, 0, 0, PARIS)).toISOString();
  };
  return { from: midnight(season.from), to: midnight(season.to, 1) };
}

/**
 * How far back a ban in force now can come from: a ban starts no later than its duel's end, and
 * lasts the ruleset's ban (the forum's, or the club's default if longer), calendar months counted
 * back, with a few days for months of different lengths.
 */
function bansReach(forum: ForumConfig, now: string): string {
  const longest = [forum.ruleset?.delays.ban, defaultRuleset.delays.ban]
    .flatMap((text) => (text ? [parseDuration(text)] : []))
    .filter((d) => d !== null)
    .sort((a, b) => durationMs(b) - durationMs(a))[0];
  if (!longest) return now;
  const back = addDuration(now, {
    years: -longest.years,
    months: -longest.months,
    days: -longest.days - 4,
    hours: -longest.hours,
    minutes: -longest.minutes,
    seconds: -longest.seconds,
  });
  return back;
}

/**
 * A club's records as one season's page needs them (CONTRACT.md 8): its forum, the duels running,
 * those that ended in the season and those whose bans may still be in force. What it reads grows
 * with what the page shows, never with the club's past. Throws 404 as {@link clubView} does.
 */
export async function readClub(
  store: ClubStore,
  forumId: string,
  now: string,
  seasonName?: string,
): Promise<ClubRead> {
  const forum = await store.clubForum(forumId);
  if (!forum) return { forum: null, records: [], firstEndedAt: null };
  const season = seasonName ? seasonNamed(seasonName, forum.seasons) : currentSeason(now, forum.seasons);
  if (!season) throw new ApiError(404, "season_not_found", clubTexts.seasonNotFound(seasonName ?? ""));
  const bans = { from: bansReach(forum, now), to: now };
  const { records, firstEndedAt } = await store.clubRecords(forumId, [seasonInstants(season), bans]);
  return { forum, records, firstEndedAt };
}

/** Reads and computes a club's records, refusing a forum whose records are not public. */
export async function publicClub(
  deps: { readonly store: ClubStore; readonly clock: { now(): Date } },
  forumId: string,
  seasonName?: string,
): Promise<{ view: ClubView; forum: ForumConfig }> {
  const now = deps.clock.now().toISOString();
  const read = await readClub(deps.store, forumId, now, seasonName);
  if (read.forum && read.forum.club?.public === false) {
    throw new ApiError(404, "club_private", clubTexts.private);
  }
  const view = clubView(read, now, seasonName);
  // clubView refused a missing forum.
  return { view, forum: read.forum as ForumConfig };
}

/** The time zone the club's dates are written in: its Forumactif board's, else Paris time. */
export function clubTimeZone(forum: ForumConfig): string {
  return forum.source?.timeZone ?? "Europe/Paris";
}

/**
 * A season's finished duels as CSV for a French spreadsheet (CONTRACT.md 8): `;`-separated, every
 * field holding `;`, `"`, a tab or a line break quoted, dates in the forum's time zone
 * (`2026-12-07 13:09`), names, not ids. The caller adds the byte-order mark.
 */
export function clubCsv(view: ClubView, timeZone: string): string {
  const header = clubTexts.csvHeader;
  const rows = view.finished.map((f) => [
    view.season.name,
    f.endedAt ? localDateTime(f.endedAt, timeZone) : "",
    f.title,
    f.winnerName ?? "",
    clubTexts.reason[f.reason],
    f.duelists
      .filter((d) => d.outcome === "disqualified")
      .map((d) => d.name)
      .join(", "),
    f.stakes ?? "",
    f.stakesHonoured === null ? "" : f.stakesHonoured ? clubTexts.yes : clubTexts.no,
    f.threadUrl ?? "",
    f.threadTitle ?? "",
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(";")).join("\r\n")}\r\n`;
}

/** `2026-12-07 13:09`: an instant on the forum's clock, as a spreadsheet reads a date and time. */
function localDateTime(iso: string, timeZone: string): string {
  const wall = wallTimeAt(Date.parse(iso), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${dayOf(wall)} ${pad(wall.hour)}:${pad(wall.minute)}`;
}

function csvField(value: string): string {
  // A leading =, +, - or @ (or a tab, a line break) would be a formula in a spreadsheet: a
  // duelist's name is not one.
  const safe = /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
  return /[";\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
