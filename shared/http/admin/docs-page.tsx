import { ui } from "../../texts/desk.js";
import { Layout } from "./layout.js";
import type { OpenApiDocument } from "./openapi.js";

/**
 * `GET /docs`: the operations of the OpenAPI document, read from the document itself so the page
 * cannot disagree with it; server-rendered, no script from a CDN (the CSP would refuse it anyway).
 */
export function DocsPage(props: { doc: OpenApiDocument; csrf?: string }) {
  const t = ui.docs;
  const operations = Object.entries(props.doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <Layout title={t.title} csrf={props.csrf}>
      <p>
        {t.intro} <a href="/openapi.json">{t.document}</a>
      </p>
      {operations.map(({ path, method, op }) => (
        <section class="op" id={`${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, "-")}>
          <h3>
            <span class="method">{method.toUpperCase()}</span> <code>{path}</code>
          </h3>
          <p>
            {op.summary} <span class="muted">({t.auth[op["x-auth"]]})</span>
            {op["x-roles"] ? (
              <span class="muted"> — {op["x-roles"].map((r) => t.roles[r]).join(", ")}</span>
            ) : null}
          </p>
          <ul>
            {Object.entries(op.responses).map(([status, r]) => (
              <li>
                <code>{status}</code> {r.description}
              </li>
            ))}
          </ul>
          {op.requestBody ? (
            <details>
              <summary>{t.body}</summary>
              <pre>{JSON.stringify(op.requestBody.content["application/json"].schema, null, 2)}</pre>
            </details>
          ) : null}
        </section>
      ))}
    </Layout>
  );
}
