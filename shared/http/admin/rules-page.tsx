import { ui } from "../../texts/desk.js";
import { Layout } from "./layout.js";
import { ruleHref } from "./parts.js";
import type { RulesBlock } from "./rules-doc.js";

/** The inline Markdown RULES.md uses, plus rule ids; one capturing group so `split` keeps them. */
const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|R-\d+(?:\.\d+[a-z]?)?)/;

/** Text with its bold, code, italics and rule links; everything else is escaped text. */
function Inline(props: { text: string }) {
  const parts = props.text.split(INLINE);
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return part;
        if (part.startsWith("**")) return <strong>{<Inline text={part.slice(2, -2)} />}</strong>;
        if (part.startsWith("`")) return <code>{part.slice(1, -1)}</code>;
        if (part.startsWith("*")) return <em>{<Inline text={part.slice(1, -1)} />}</em>;
        return <a href={ruleHref(part)}>{part}</a>;
      })}
    </>
  );
}

function Block(props: { block: RulesBlock }) {
  const b = props.block;
  switch (b.kind) {
    case "heading":
      // The page has its own h1; the file's headings sit one level below.
      return b.level <= 2 ? (
        <h2 id={b.anchor ?? undefined}>
          <Inline text={b.text} />
        </h2>
      ) : (
        <h3 id={b.anchor ?? undefined}>
          <Inline text={b.text} />
        </h3>
      );
    case "paragraph":
      return (
        <p>
          <Inline text={b.text} />
        </p>
      );
    case "list":
      return (
        <ul>
          {b.items.map((item) => (
            <li id={item.anchor ?? undefined}>
              <Inline text={item.text} />
            </li>
          ))}
        </ul>
      );
    case "table":
      return (
        <table>
          <thead>
            <tr>
              {b.head.map((h) => (
                <th>
                  <Inline text={h} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {b.rows.map((row) => (
              <tr id={row.anchor ?? undefined}>
                {row.cells.map((cell) => (
                  <td>
                    <Inline text={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

/** `GET /admin/rules`: docs/RULES.md, every rule with an anchor the audit log links to. */
export function RulesPage(props: { blocks: readonly RulesBlock[] | null; csrf: string }) {
  return (
    <Layout title={ui.rules.title} csrf={props.csrf}>
      <div class="rules">
        {props.blocks ? (
          props.blocks.filter((b) => !(b.kind === "heading" && b.level === 1)).map((b) => <Block block={b} />)
        ) : (
          <p>{ui.rules.missing}</p>
        )}
      </div>
    </Layout>
  );
}
