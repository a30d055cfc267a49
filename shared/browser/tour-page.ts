import type { Duel } from "../domain/state.js";
import type { PostFormat } from "../parsing/types.js";
import { tourTexts as t } from "../texts/duel-card.js";
import { checkTurn, type SpellChoice, spellChoices, type TourDraft, targetsOf } from "./tour-checks.js";

/*
 * The turn-preparing page's script (CONTRACT.md 9), bundled for browsers with the rules code it
 * imports (./bundle-options.ts). It reads the duel the page was served with, lets the duelist fill
 * their action and text, and shows the decider's verdict as they type. It stores and sends
 * nothing: the prepared post is copied, or handed to the board's page that framed this one
 * (the Forumactif script, shared/forumactif/tour-snippet.ts), which fills its reply editor.
 */

/** What the page embeds for its script (shared/http/club/duel-routes.tsx). */
export interface TourData {
  readonly state: Duel;
  readonly format: PostFormat;
  /** The server's time when the page was served: the duel's deadlines run on it. */
  readonly now: string;
  readonly duelistId: string | null;
}

/** The message a framed page sends its board (the Forumactif script listens for it). */
export const FILL_MESSAGE = "duel-referee/fill";

const WAND = "wand";

/*
 * The little of the DOM this script uses, typed here: the project compiles for Node (no "dom"
 * library, whose globals would change Node's `fetch` types everywhere).
 */
interface Elem {
  value: string;
  textContent: string | null;
  disabled: boolean;
  hidden: boolean;
  className: string;
  selectedIndex: number;
  readonly dataset: Record<string, string>;
  readonly options: { readonly length: number };
  readonly classList: { add(name: string): void };
  append(...nodes: Elem[]): void;
  replaceChildren(...nodes: Elem[]): void;
  addEventListener(type: string, listener: () => void): void;
  select(): void;
}
interface Win {
  readonly parent: Win;
  postMessage(message: unknown, targetOrigin: string): void;
}
declare const document: {
  getElementById(id: string): Elem | null;
  createElement(tag: string): Elem;
  execCommand(command: string): boolean;
  readonly body: Elem;
};
declare const window: Win;
declare const navigator: { readonly clipboard?: { writeText(text: string): Promise<void> } };

function byId(id: string): Elem {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} missing`);
  return element;
}

function option(value: string, label: string, disabled = false): Elem {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label;
  o.disabled = disabled;
  return o;
}

function start(data: TourData): void {
  const served = Date.now();
  const now = () => new Date(Date.parse(data.now) + (Date.now() - served)).toISOString();
  const who = byId("tour-who");
  const spell = byId("tour-spell");
  const greyed = byId("tour-greyed");
  const target = byId("tour-target");
  const zone = byId("tour-zone");
  const bet = byId("tour-bet");
  const text = byId("tour-text");
  const words = byId("tour-words");
  const checks = byId("tour-checks");
  const summary = byId("tour-summary");
  const result = byId("tour-post");
  const copy = byId("tour-copy");
  const fill = byId("tour-fill");
  const state = data.state;
  let choices: SpellChoice[] = [];

  for (const d of state.duelists) if (d.status === "active") who.append(option(d.id, d.name));
  if (data.duelistId) who.value = data.duelistId;

  const draft = (): TourDraft => ({
    duelistId: who.value,
    spell: spell.value === WAND ? "" : (choices.find((c) => c.id === spell.value)?.name ?? ""),
    recoverWand: spell.value === WAND,
    target: target.value,
    zone: zone.value,
    bet: bet.value,
    text: text.value,
  });

  const verify = () => {
    const verdict = checkTurn(state, draft(), now(), data.format);
    words.textContent = t.words(verdict.words, verdict.minWords);
    checks.replaceChildren(
      ...verdict.checks.map((c) => {
        const li = document.createElement("li");
        li.className = c.ok ? "ok" : "ko";
        li.dataset.check = c.id;
        li.textContent = `${c.ok ? "✓" : "✗"} ${c.label}`;
        return li;
      }),
    );
    const clean = verdict.violations.length === 0 && verdict.checks.every((c) => c.ok);
    summary.textContent = clean ? t.allGood : t.notYet;
    summary.className = clean ? "ok" : "ko";
    result.value = verdict.post;
  };

  const chooseDuelist = () => {
    choices = spellChoices(state, who.value);
    const me = state.duelists.find((d) => d.id === who.value);
    spell.replaceChildren(option("", t.noSpell));
    if (me?.disarmed) spell.append(option(WAND, t.recoverWand));
    for (const c of choices) {
      const label = c.incantation ? `${c.name} (${c.incantation})` : c.name;
      spell.append(option(c.id, c.greyed ? `${label} — ${c.greyed}` : label, !!c.greyed));
    }
    if (me?.disarmed) spell.value = WAND;
    greyed.replaceChildren(
      ...choices
        .filter((c) => c.greyed)
        .map((c) => {
          const li = document.createElement("li");
          li.textContent = `${c.name} : ${c.greyed}`;
          return li;
        }),
    );
    target.replaceChildren(
      option("", "—"),
      ...targetsOf(state, who.value).map((d) => option(d.name, d.name)),
    );
    if (target.options.length === 2) target.selectedIndex = 1;
    verify();
  };

  who.addEventListener("change", chooseDuelist);
  for (const input of [spell, target, zone, bet, text]) {
    input.addEventListener("input", verify);
    input.addEventListener("change", verify);
  }
  copy.addEventListener("click", () => {
    result.select();
    const done = () => {
      copy.textContent = t.copied;
    };
    if (navigator.clipboard)
      navigator.clipboard.writeText(result.value).then(done, () => document.execCommand("copy"));
    else if (document.execCommand("copy")) done();
  });
  if (window.parent !== window) {
    fill.hidden = false;
    fill.addEventListener("click", () => {
      // Only the board's origins may frame this page (its CSP's frame-ancestors): the parent is the board.
      window.parent.postMessage({ type: FILL_MESSAGE, text: result.value }, "*");
      fill.textContent = t.filled;
    });
  }
  chooseDuelist();
  document.body.classList.add("ready");
}

/** For the tests that run the bundle outside a browser: the same functions the page calls. */
(globalThis as Record<string, unknown>).duelTour = { checkTurn, spellChoices };

if (typeof (globalThis as { document?: unknown }).document !== "undefined") {
  const data = document.getElementById("tour-data");
  if (data?.textContent) start(JSON.parse(data.textContent) as TourData);
}
