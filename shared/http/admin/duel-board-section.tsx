import type { Duel } from "../../domain/state.js";
import type { ForumConfig } from "../../ports/forum-store.js";
import { deskBoardTexts } from "../../texts/duel-card.js";

const t = deskBoardTexts;

/**
 * The duel in the board (CONTRACT.md 9), on the desk's duel page: where its card and its turn's page
 * are, and the code to paste in the thread — the card's frame for every forum, and for Forumactif
 * the board's script that fills the reply editor.
 */
export function DuelBoardSection(props: { state: Duel; forum: ForumConfig | null; origin: string }) {
  const { state, forum } = props;
  const club = `${props.origin}/club/${encodeURIComponent(state.forumId)}`;
  const card = `${club}/duels/${encodeURIComponent(state.id)}`;
  const frame = `<iframe src="${card}?embed" title="${t.card}" style="width:100%;height:420px;border:0" loading="lazy"></iframe>`;
  // The only boards read as sources are Forumactif's (CONTRACT.md 4.4).
  const forumactif = forum?.source !== undefined;
  const bbcode = `[url=${card}]${t.card}[/url]`;
  const script = `${props.origin}/forumactif/tour.js?forum=${encodeURIComponent(state.forumId)}`;
  return (
    <section id="board">
      <h2>{t.title}</h2>
      {forum?.club?.public === false ? (
        <p class="muted">{t.private}</p>
      ) : (
        <>
          <p class="muted">{t.intro}</p>
          <p>
            <a href={card}>{t.card}</a> · <a href={`${card}/tour`}>{t.tour}</a>
          </p>
          <p>{forumactif ? t.forumactif : t.others}</p>
          <pre>
            <code>{forumactif ? `<div>${frame}</div>` : frame}</code>
          </pre>
          {forumactif ? (
            <>
              <p>{t.bbcode}</p>
              <pre>
                <code>{bbcode}</code>
              </pre>
              <p>{t.tourScript}</p>
              <pre>
                <code>{script}</code>
              </pre>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
