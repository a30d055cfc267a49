import { type RuleSection, rulesTexts as t } from "../../texts/rules.js";
import { Page } from "./pages.js";

/** A rule id as the texts cite it: `R-3.1`, `R-6.2a`. */
const RULE_ID = /(R-\d+\.\d+[a-z]?)/;

/**
 * A rule's anchor on the old English page (`/admin/rules#R-3-1`), which now redirects here with its
 * fragment: the rule's heading carries it, so a link saved then still lands on its rule.
 */
function oldAnchor(id: string): string {
  return id.replaceAll(".", "-");
}

/** Text whose rule ids link to their rule on this page; everything else escaped text. */
function Cited(props: { text: string; ids: ReadonlySet<string> }) {
  return (
    <>
      {props.text
        .split(RULE_ID)
        .map((part, i) => (i % 2 === 1 && props.ids.has(part) ? <a href={`#${part}`}>{part}</a> : part))}
    </>
  );
}

/**
 * `GET /regles` and `GET /regles/{forumId}`: every rule of the ruleset in French, each under an
 * anchor that is its id (`#R-3.1`), so a rule link lands on its rule (and on the old page's anchor,
 * `#R-3-1`, too); phone first, like the club's
 * pages (their stylesheet, no script).
 */
export function RulesPage(props: { sections: readonly RuleSection[]; heading: string }) {
  const ids = new Set(props.sections.flatMap((s) => [s.id, ...s.rules.map((r) => r.id)]));
  return (
    <Page title={t.title}>
      <h1>{t.title}</h1>
      <p class="muted">{props.heading}</p>
      <p>
        <Cited text={t.intro} ids={ids} />
      </p>
      <nav class="contents" aria-label={t.contents}>
        {props.sections.map((s) => (
          <a href={`#${s.id}`}>{s.title}</a>
        ))}
      </nav>
      {props.sections.map((section) => (
        <section id={section.id}>
          <h2>{section.title}</h2>
          {section.intro ? (
            <p>
              <Cited text={section.intro} ids={ids} />
            </p>
          ) : null}
          {section.rules.map((r) => (
            <article class="rule" id={r.id}>
              <h3 id={oldAnchor(r.id)}>
                <a href={`#${r.id}`}>{r.id}</a> {r.title}
              </h3>
              <p>
                <Cited text={r.statement} ids={ids} />
              </p>
              {r.interpretations.map((text) => (
                <p class="interpretation">
                  <strong>{t.interpretation}</strong> <Cited text={text} ids={ids} />
                </p>
              ))}
            </article>
          ))}
        </section>
      ))}
    </Page>
  );
}
