/**
 * A form of a board page as a browser would submit it: its action and the values of its fields
 * (hidden tokens included, whatever the board adds), so that the bot account fills in only what
 * it means to and the board's own fields travel unchanged. Attribute values come decoded from the
 * parser; only the source slices (a textarea's text, an option's label) are decoded here.
 */
import { decodeEntities } from "../parsing/html-entities.js";
import { descendants, type HtmlElement, innerHtml, parseHtml } from "./html-tree.js";

export interface BoardForm {
  /** The action as written in the page (relative or absolute), entities decoded. */
  readonly action: string;
  readonly method: "get" | "post";
  /** Successful controls in order, as `[name, value]`; submit buttons are left out. */
  readonly fields: readonly (readonly [string, string])[];
  /** Submit buttons by name, with their value: the caller picks the one a user would click. */
  readonly submits: Readonly<Record<string, string>>;
}

function controlValue(html: string, el: HtmlElement): string | null {
  const type = (el.attribs.type ?? "text").toLowerCase();
  if (el.name === "textarea") return decodeEntities(innerHtml(html, el));
  if (el.name === "select") {
    const options = [...descendants(el)].filter((o) => o.name === "option");
    const chosen = options.find((o) => "selected" in o.attribs) ?? options[0];
    if (chosen === undefined) return null;
    return chosen.attribs.value ?? decodeEntities(innerHtml(html, chosen).trim());
  }
  if (type === "checkbox" || type === "radio") {
    return "checked" in el.attribs ? (el.attribs.value ?? "on") : null;
  }
  if (["button", "reset", "image", "file", "submit"].includes(type)) return null;
  return el.attribs.value ?? "";
}

function readForm(html: string, form: HtmlElement): BoardForm {
  const fields: [string, string][] = [];
  const submits: Record<string, string> = {};
  for (const el of descendants(form)) {
    if (!["input", "textarea", "select"].includes(el.name)) continue;
    const name = el.attribs.name;
    if (name === undefined || name === "" || "disabled" in el.attribs) continue;
    if ((el.attribs.type ?? "").toLowerCase() === "submit") {
      submits[name] = el.attribs.value ?? "";
      continue;
    }
    const value = controlValue(html, el);
    if (value !== null) fields.push([name, value]);
  }
  return {
    action: form.attribs.action ?? "",
    method: (form.attribs.method ?? "get").toLowerCase() === "post" ? "post" : "get",
    fields,
    submits,
  };
}

/** The page's forms, in order. */
export function readForms(html: string): BoardForm[] {
  return [...descendants(parseHtml(html))]
    .filter((el) => el.name === "form")
    .map((form) => readForm(html, form));
}

/** The first form holding a field of that name (`password` for the login form, `message` for a PM). */
export function formWithField(html: string, field: string): BoardForm | null {
  return readForms(html).find((form) => form.fields.some(([name]) => name === field)) ?? null;
}

/** The form's fields with some replaced or added, as a urlencoded body; `submit` names the button pressed. */
export function formBody(
  form: BoardForm,
  values: Readonly<Record<string, string>>,
  submit: string | null,
): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of form.fields) if (!Object.hasOwn(values, name)) body.append(name, value);
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  if (submit !== null) body.append(submit, form.submits[submit] ?? "");
  return body;
}
