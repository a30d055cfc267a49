import { raw } from "hono/html";
import type { DuelCard } from "../../app/duel-card.js";
import type { TourData } from "../../browser/tour-page.js";
import { cardTexts as c, tourTexts as t } from "../../texts/duel-card.js";
import { formatDay } from "../../texts/format.js";
import { rulesPath } from "./rules-path.js";

/**
 * The duel's card and the turn-preparing page's own styles, served from `/club/duel.css` beside
 * the club's (`/club/style.css`): the CSP forbids inline styles. Phone first: 390 px wide and less.
 */
export const DUEL_CSS = `
.card h1 { font-size: 1.1rem; margin: .2rem 0 .6rem; }
.duelist { margin: .5rem 0; }
.duelist .name { display: flex; justify-content: space-between; gap: .5rem; font-weight: 600; }
.duelist progress { width: 100%; height: .9rem; accent-color: var(--accent); }
.duelist .faults { font-size: .85rem; }
.turn, .verdict, .result { margin: .6rem 0; padding: .45rem .6rem; border-radius: 8px; background: var(--bg); border: 1px solid var(--line); }
.verdict { font-size: .95rem; }
.links { display: flex; flex-wrap: wrap; gap: .4rem 1rem; font-size: .9rem; margin-top: .6rem; }
body.embed .card h1 { font-size: 1rem; }
form.tour label { display: block; font-weight: 600; margin: .8rem 0 .2rem; }
form.tour select, form.tour input, form.tour textarea { width: 100%; font: inherit; padding: .45rem; border: 1px solid var(--line); border-radius: 6px; }
form.tour textarea { min-height: 11rem; }
#tour-post { min-height: 8rem; font-family: ui-monospace, monospace; font-size: .85rem; }
#tour-checks { list-style: none; padding: 0; margin: .3rem 0; }
#tour-checks li { padding: .15rem 0; }
#tour-greyed { font-size: .85rem; color: var(--muted); margin: .3rem 0; padding-left: 1.1rem; }
.buttons { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .6rem; }
.buttons button { font: inherit; padding: .55rem .9rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; }
.buttons button[hidden] { display: none; }
#tour-summary { margin: .5rem 0; }
`;

function Page(props: {
  title: string;
  embed?: boolean;
  refresh?: number;
  script?: string;
  children?: unknown;
}) {
  return (
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {props.refresh ? <meta http-equiv="refresh" content={String(props.refresh)} /> : null}
        <title>{props.title}</title>
        <link rel="stylesheet" href="/club/style.css" />
        <link rel="stylesheet" href="/club/duel.css" />
        <link rel="icon" href="data:," />
      </head>
      <body class={props.embed ? "embed" : undefined}>
        <main>{props.children}</main>
        {props.script ? <script src={props.script} defer /> : null}
      </body>
    </html>
  );
}

function Duelists(props: { card: DuelCard }) {
  return (
    <>
      {props.card.duelists.map((d) => (
        <div class="duelist" data-duelist={d.id}>
          <div class="name">
            <span>{d.name}</span>
            <span class="points">{c.points(d.points, d.startingPoints)}</span>
          </div>
          <progress value={Math.max(0, d.points)} max={Math.max(1, d.startingPoints)}>
            {c.points(d.points, d.startingPoints)}
          </progress>
          <div class="faults muted">
            {c.faults(d.actionFaults, d.absenceFaults)}
            {d.disarmed ? `, ${c.disarmed}` : ""}
            {d.status === "out" ? ` — ${c.out}` : d.status === "disqualified" ? ` — ${c.disqualified}` : ""}
          </div>
        </div>
      ))}
    </>
  );
}

function Standing(props: { card: DuelCard; timeZone?: string }) {
  const { card, timeZone } = props;
  if (card.result) {
    const honoured = card.stakesHonoured;
    return (
      <div class="result">
        <strong>{card.result.text}</strong>
        {card.stakes ? (
          <div>
            {c.stakes(card.stakes)}
            {" — "}
            {honoured === true ? (
              <span class="ok">{c.stakesHonoured}</span>
            ) : honoured === false ? (
              <span class="ko">{c.stakesNotHonoured}</span>
            ) : (
              <span class="muted">{c.stakesPending}</span>
            )}
          </div>
        ) : null}
      </div>
    );
  }
  if (!card.turn) return <div class="turn">{c.registered}</div>;
  return (
    <div class="turn">
      <strong>{c.turn(card.turn.name, card.turn.number)}</strong>
      <br />
      <span class="deadline">{c.until(formatDay(card.turn.deadline, timeZone), card.turn.left)}</span>
      {card.correction ? (
        <div class="muted">
          {c.correction(card.correction.name, formatDay(card.correction.until, timeZone))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * `GET /club/{forumId}/duels/{duelId}`: the duel's card for the thread (CONTRACT.md 9), refreshed
 * every 30 s by the page itself (no script), framed or not. Its dates are in the forum's time zone
 * (`clubTimeZone`), as the thread shows them; Paris time when not given.
 */
export function CardPage(props: { card: DuelCard; embed: boolean; refresh: number; timeZone?: string }) {
  const { card, timeZone } = props;
  const base = `/club/${encodeURIComponent(card.forum.id)}`;
  return (
    <Page title={c.title(card.title)} embed={props.embed} refresh={props.refresh}>
      <section class="card" aria-live="polite">
        <h1>{card.title}</h1>
        <Duelists card={card} />
        <Standing card={card} timeZone={timeZone} />
        <div class="verdict">
          <strong>{c.lastVerdict}</strong> : <span class="last">{card.lastVerdict ?? c.noVerdict}</span>
        </div>
        <div class="links">
          {card.status !== "finished" ? (
            <a href={`${base}/duels/${encodeURIComponent(card.duelId)}/tour`} target="_blank" rel="noopener">
              {c.prepare}
            </a>
          ) : null}
          {card.threadUrl && !props.embed ? (
            <a href={card.threadUrl} target="_top">
              {c.thread}
            </a>
          ) : null}
          <a href={base} target="_blank" rel="noopener">
            {c.club}
          </a>
          <a href={rulesPath(card.forum.id)} target="_blank" rel="noopener">
            {c.rules}
          </a>
        </div>
        <p class="muted">{c.refreshed(formatDay(card.at, timeZone))}</p>
      </section>
    </Page>
  );
}

/**
 * The link from the club's pages to a duel's card (CONTRACT.md 9). A duel's id begins with its
 * forum's (`<forumId>.<threadId>`; a forum id holds no dot).
 */
export function CardLink(props: { duelId: string }) {
  const forumId = props.duelId.split(".")[0] ?? "";
  const href = `/club/${encodeURIComponent(forumId)}/duels/${encodeURIComponent(props.duelId)}`;
  return (
    <>
      {" · "}
      <a href={href}>{c.cardLink}</a>
    </>
  );
}

/** JSON inside a `<script type="application/json">`: nothing in it may close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * `GET /club/{forumId}/duels/{duelId}/tour`: the form a duelist prepares their turn with
 * (CONTRACT.md 9). The script (`/club/tour-page.js`, the rules code bundled) fills the lists and
 * checks as they type.
 */
export function TourPage(props: { title: string; data: TourData | null; embed: boolean }) {
  const { data } = props;
  return (
    <Page title={t.title(props.title)} embed={props.embed} script={data ? "/club/tour-page.js" : undefined}>
      <h1>{t.title(props.title)}</h1>
      {data ? (
        <>
          <p class="muted">
            {t.intro}{" "}
            <a href={rulesPath(data.state.forumId)} target="_blank" rel="noopener">
              {t.rules}
            </a>
          </p>
          <noscript>
            <p class="ko">{t.noScript}</p>
          </noscript>
          <form class="tour" autocomplete="off">
            <label for="tour-who">{t.who}</label>
            <select id="tour-who" />
            <label for="tour-spell">{t.spell}</label>
            <select id="tour-spell" />
            <ul id="tour-greyed" aria-label={t.greyed} />
            <label for="tour-target">{t.target}</label>
            <select id="tour-target" />
            <label for="tour-zone">{t.zone}</label>
            <input id="tour-zone" type="text" maxlength={60} placeholder={t.zonePlaceholder} />
            <label for="tour-bet">{t.bet}</label>
            <select id="tour-bet">
              <option value="">—</option>
              {[1, 2, 3, 4, 5, 6].map((n) => (
                <option value={String(n)}>{n}</option>
              ))}
            </select>
            <label for="tour-text">{t.text}</label>
            <textarea id="tour-text" rows={10} />
            <p id="tour-words" class="muted" />
            <h2>{t.checks}</h2>
            <p id="tour-summary" />
            <ul id="tour-checks" />
            <label for="tour-post">{t.result}</label>
            <textarea id="tour-post" readonly rows={8} />
            <div class="buttons">
              <button type="button" id="tour-copy">
                {t.copy}
              </button>
              <button type="button" id="tour-fill" hidden>
                {t.fill}
              </button>
            </div>
          </form>
          <script type="application/json" id="tour-data">
            {raw(scriptJson(data))}
          </script>
        </>
      ) : (
        <p>{t.finished}</p>
      )}
    </Page>
  );
}
