import type { ActiveEntry, BanEntry, ClubView, FinishedEntry, Standing } from "../../app/club.js";
import { clubTexts } from "../../texts/club.js";
import { formatDay } from "../../texts/format.js";
import { CardLink } from "./duel-pages.js";

const t = clubTexts.page;

/**
 * The club's public page's stylesheet, served from `/club/style.css` (the CSP forbids inline
 * styles). Phone first: under 600 px the standings keep one line per duelist with short column
 * headings (« V », « D »), nothing scrolls sideways.
 */
export const CLUB_CSS = `
:root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #f6f8fa; --accent: #7a1f2b; --ok: #1a7f37; --ko: #cf222e; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: #fff; overflow-wrap: anywhere; }
main { max-width: 960px; margin: 0 auto; padding: .8rem 1rem 2.5rem; }
h1 { font-size: 1.4rem; margin: .4rem 0; color: var(--accent); }
h2 { font-size: 1.1rem; margin: 1.6rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
a { color: var(--accent); }
.muted { color: var(--muted); }
nav.seasons { display: flex; flex-wrap: wrap; gap: .4rem .8rem; font-size: .95rem; }
nav.seasons strong { color: var(--ink); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: .85rem; color: var(--muted); }
td.n { text-align: right; white-space: nowrap; }
ul.list { list-style: none; padding: 0; margin: 0; }
ul.list li { border: 1px solid var(--line); border-radius: 8px; padding: .5rem .7rem; margin: .5rem 0; background: var(--bg); }
.ok { color: var(--ok); font-weight: 600; }
.ko { color: var(--ko); font-weight: 600; }
footer { margin-top: 2rem; font-size: .9rem; }
abbr { text-decoration: none; }
.short { display: none; }
@media (max-width: 600px) {
  table.standings { font-size: .9rem; }
  table.standings th, table.standings td { padding: .3rem .25rem; }
  table.standings .long { display: none; }
  table.standings .short { display: inline; }
}
body.embed main { padding: .4rem .6rem 1rem; }
nav.contents { display: flex; flex-direction: column; gap: .2rem; margin: .8rem 0; }
article.rule { margin: .8rem 0; padding: .2rem .7rem; border-left: 3px solid var(--line); scroll-margin-top: .5rem; }
article.rule:target, article.rule:has(> h3:target) { border-left-color: var(--accent); background: var(--bg); }
article.rule h3 { font-size: 1rem; margin: .3rem 0; }
article.rule p { margin: .3rem 0; }
p.interpretation { color: var(--muted); }
main a[href^="#R-"] { white-space: nowrap; }
body.embed h1 { font-size: 1.1rem; }
`;

/** A column heading: its whole word, and on a phone its short form (« V » for « Victoires »). */
function Heading(props: { long: string; short: string }) {
  return (
    <th>
      <span class="long">{props.long}</span>
      <abbr class="short" title={props.long}>
        {props.short}
      </abbr>
    </th>
  );
}

function Standings(props: { standings: readonly Standing[] }) {
  if (props.standings.length === 0) return <p class="muted">{t.noStandings}</p>;
  const c = t.columns;
  const s = t.shortColumns;
  return (
    <table class="standings">
      <thead>
        <tr>
          <Heading long={c.rank} short={s.rank} />
          <Heading long={c.name} short={s.name} />
          <Heading long={c.duels} short={s.duels} />
          <Heading long={c.wins} short={s.wins} />
          <Heading long={c.losses} short={s.losses} />
          <Heading long={c.disqualifications} short={s.disqualifications} />
          <Heading long={c.faults} short={s.faults} />
        </tr>
      </thead>
      <tbody>
        {props.standings.map((line, i) => (
          <tr>
            <td class="n">{i + 1}</td>
            <td>{line.name}</td>
            <td class="n">{line.duels}</td>
            <td class="n">{line.wins}</td>
            <td class="n">{line.losses}</td>
            <td class="n">{line.disqualifications}</td>
            <td class="n">{`${line.actionFaults} / ${line.absenceFaults}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The duel's thread: its title where known, linked where the forum's address is known. */
function ThreadLink(props: { url: string | null; title: string | null }) {
  const { url, title } = props;
  if (!url) return title ? <span class="muted">{` · ${t.threadTitled(title)}`}</span> : null;
  return (
    <>
      {" · "}
      <a href={url} target="_top" rel="noopener">
        {title ? t.threadTitled(title) : t.thread}
      </a>
    </>
  );
}

function Active(props: { active: readonly ActiveEntry[]; timeZone?: string }) {
  if (props.active.length === 0) return <p class="muted">{t.noActive}</p>;
  return (
    <ul class="list">
      {props.active.map((a) => (
        <li>
          <strong>{a.title}</strong>
          <ThreadLink url={a.threadUrl} title={a.threadTitle} />
          <CardLink duelId={a.duelId} />
          <br />
          <span class="muted">
            {a.turn
              ? `${t.turn(a.turn.name, a.turn.number)}, ${t.deadline(formatDay(a.turn.deadline, props.timeZone))}`
              : t.waitingTop}
          </span>
        </li>
      ))}
    </ul>
  );
}

function StakesLine(props: { entry: FinishedEntry }) {
  const { stakes, stakesHonoured } = props.entry;
  if (!stakes) return null;
  return (
    <>
      <br />
      {t.stakes(stakes)}
      {" — "}
      {stakesHonoured === true ? (
        <span class="ok">{t.stakesHonoured}</span>
      ) : stakesHonoured === false ? (
        <span class="ko">{t.stakesNotHonoured}</span>
      ) : (
        <span class="muted">{t.stakesPending}</span>
      )}
    </>
  );
}

function Finished(props: { finished: readonly FinishedEntry[]; timeZone?: string }) {
  if (props.finished.length === 0) return <p class="muted">{t.noFinished}</p>;
  return (
    <ul class="list">
      {props.finished.map((f) => (
        <li>
          <strong>{f.title}</strong>
          <ThreadLink url={f.threadUrl} title={f.threadTitle} />
          <CardLink duelId={f.duelId} />
          <br />
          {f.winnerName ? t.winner(f.winnerName) : t.draw} {clubTexts.reason[f.reason]}
          {f.endedAt ? (
            <span class="muted">{`, ${t.endedOn(formatDay(f.endedAt, props.timeZone))}`}</span>
          ) : null}
          <StakesLine entry={f} />
        </li>
      ))}
    </ul>
  );
}

function Bans(props: { bans: readonly BanEntry[]; timeZone?: string }) {
  if (props.bans.length === 0) return <p class="muted">{t.noBans}</p>;
  return (
    <ul class="list">
      {props.bans.map((b) => (
        <li>
          <strong>{b.name}</strong>{" "}
          <span class="muted">{t.bannedUntil(formatDay(b.until, props.timeZone))}</span>
        </li>
      ))}
    </ul>
  );
}

/** A public page: French, the club's stylesheet, no script. */
export function Page(props: { title: string; embed?: boolean; children?: unknown }) {
  return (
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        <link rel="stylesheet" href="/club/style.css" />
        <link rel="icon" href="data:," />
      </head>
      <body class={props.embed ? "embed" : undefined}>
        <main>{props.children}</main>
      </body>
    </html>
  );
}

const seasonHref = (base: string, name: string) => `${base}?season=${encodeURIComponent(name)}`;

/**
 * `GET /club/{forumId}`: the whole record of a season, and links to the others. Its dates are in
 * the forum's time zone (`clubTimeZone`), as its board shows them; Paris time when not given.
 */
export function ClubPage(props: { view: ClubView; timeZone?: string }) {
  const { view, timeZone } = props;
  const base = `/club/${encodeURIComponent(view.forum.id)}`;
  return (
    <Page title={t.title(view.forum.name)}>
      <h1>{t.title(view.forum.name)}</h1>
      <nav class="seasons" aria-label={t.otherSeasons}>
        {view.seasons.map((name) =>
          name === view.season.name ? (
            <strong>{t.season(name)}</strong>
          ) : (
            <a href={seasonHref(base, name)}>{name}</a>
          ),
        )}
      </nav>
      <h2>{t.standings}</h2>
      <Standings standings={view.standings} />
      <h2>{t.active}</h2>
      <Active active={view.active} timeZone={timeZone} />
      <h2>{t.finished}</h2>
      <Finished finished={view.finished} timeZone={timeZone} />
      <h2>{t.bans}</h2>
      <Bans bans={view.bans} timeZone={timeZone} />
      <footer>
        <a href={seasonHref(`/forums/${encodeURIComponent(view.forum.id)}/club.csv`, view.season.name)}>
          {t.csv}
        </a>
      </footer>
    </Page>
  );
}

/** `GET /club/{forumId}/embed`: standings, duels running and bans, for a frame inside the board. */
export function ClubEmbed(props: { view: ClubView; timeZone?: string }) {
  const { view, timeZone } = props;
  return (
    <Page title={t.title(view.forum.name)} embed>
      <h1>{t.title(view.forum.name)}</h1>
      <p class="muted">{t.season(view.season.name)}</p>
      <Standings standings={view.standings} />
      <h2>{t.active}</h2>
      <Active active={view.active} timeZone={timeZone} />
      <h2>{t.bans}</h2>
      <Bans bans={view.bans} timeZone={timeZone} />
      <footer>
        <a href={`/club/${encodeURIComponent(view.forum.id)}`} target="_blank" rel="noopener">
          {t.full}
        </a>
      </footer>
    </Page>
  );
}

/** A refusal (an unknown forum or season, private records) as a page, in French. */
export function RefusalPage(props: { message: string }) {
  return (
    <Page title={t.refusalTitle}>
      <p>{props.message}</p>
    </Page>
  );
}
