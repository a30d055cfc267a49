/**
 * The pages' only stylesheet, served from `/admin/style.css` because the CSP forbids inline
 * styles. Plain CSS, no build step; bars are native `<meter>` elements so no width is inline.
 */
export const STYLE_CSS = `
:root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #f6f8fa; --accent: #7a1f2b; --ok: #1a7f37; --ko: #cf222e; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--ink); background: #fff; }
header.top { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; align-items: center; padding: .6rem 1.5rem; background: var(--accent); color: #fff; }
header.top a { color: #fff; text-decoration: none; }
header.top .brand { font-weight: 700; margin-right: auto; }
header.top form { margin: 0; }
header.top .who { opacity: .85; font-size: .9rem; }
header.top button { background: none; border: 1px solid #fff8; color: #fff; padding: .2rem .6rem; border-radius: 4px; cursor: pointer; }
main { max-width: 1200px; margin: 0 auto; padding: 1rem 1.5rem 3rem; overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.8rem 0 .6rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: 0 0 .4rem; }
a { color: var(--accent); }
.muted { color: var(--muted); }
.flash { padding: .6rem 1rem; border-radius: 6px; margin: .8rem 0; }
.flash.ok { background: #dafbe1; border: 1px solid #4ac26b; }
.flash.error { background: #ffebe9; border: 1px solid #ff8182; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 520px), 1fr)); gap: 1rem; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: .8rem 1rem; background: var(--bg); overflow-x: auto; }
.card table { font-size: .9rem; }
.card meter { width: 6rem; }
.health { display: flex; gap: 1rem; flex-wrap: wrap; }
.health .card { flex: 1 1 200px; }
.ok { color: var(--ok); font-weight: 600; }
.ko { color: var(--ko); font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin: .3rem 0; background: #fff; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
th { font-size: .85rem; color: var(--muted); font-weight: 600; }
td.num { white-space: nowrap; }
meter { width: 9rem; height: 1rem; vertical-align: middle; margin-right: .4rem; }
code, pre { font: 13px/1.4 ui-monospace, monospace; }
pre { white-space: pre-wrap; background: var(--bg); padding: .5rem; border-radius: 6px; margin: .3rem 0; }
.forms { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1rem; }
.forms form { border: 1px solid var(--line); border-radius: 8px; padding: .8rem; display: flex; flex-direction: column; gap: .4rem; background: var(--bg); }
label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); gap: .15rem; }
fieldset { min-width: 0; }
select { max-width: 100%; min-width: 0; }
input, select, textarea { font: inherit; color: var(--ink); padding: .3rem .4rem; border: 1px solid var(--line); border-radius: 4px; background: #fff; }
button { font: inherit; padding: .35rem .8rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
form.register { display: flex; flex-direction: column; gap: .8rem; max-width: 52rem; }
form.register fieldset, form.settings fieldset { border: 1px solid var(--line); border-radius: 8px; padding: .6rem 1rem; display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: .5rem; }
form.register legend, form.settings legend { font-weight: 600; }
.field-error { color: var(--ko); font-size: .85rem; }
form.register fieldset, form.settings fieldset { align-items: start; }
fieldset > .field-error, fieldset > p, fieldset > fieldset.wide { grid-column: 1 / -1; }
label.invalid input, label.invalid select, label.invalid textarea { border-color: var(--ko); }
.login { max-width: 26rem; margin: 3rem auto; display: flex; flex-direction: column; gap: .8rem; }
.rules [id]:target { background: #fff8c5; }
.rules li { margin: .3rem 0; }
.op { border: 1px solid var(--line); border-radius: 8px; padding: .6rem 1rem; margin: .6rem 0; }
.method { display: inline-block; min-width: 4rem; font-weight: 700; font-family: ui-monospace, monospace; }
.scroll { overflow-x: auto; max-width: 100%; }
.toc ol { display: flex; flex-wrap: wrap; gap: .3rem 1rem; list-style: none; padding: .5rem .8rem; margin: 0 0 1rem; background: var(--bg); border: 1px solid var(--line); border-radius: 8px; }
section[id], div[id] { scroll-margin-top: .5rem; }
details.channel-type { border: 1px solid var(--line); border-radius: 8px; margin: .4rem 0; padding: .4rem .8rem; background: var(--bg); }
details.channel-type summary { cursor: pointer; font-weight: 600; }
details.channel-type form { margin-top: .5rem; display: flex; flex-direction: column; gap: .5rem; }
form.settings fieldset.referee { margin-bottom: .5rem; }
/* Phones: the header wraps inside its bar, tables marked .stack become one card per row (each cell
   named by its column's data-label), every other table scrolls inside its own box. */
@media (max-width: 640px) {
  header.top { padding: .5rem 1rem; gap: .2rem 1rem; }
  header.top .brand { flex-basis: 100%; }
  main { padding: .8rem 1rem 2.5rem; }
  h1 { font-size: 1.3rem; }
  .card { padding: .6rem .7rem; }
  .forms { grid-template-columns: minmax(0, 1fr); }
  form.register fieldset, form.settings fieldset { grid-template-columns: minmax(0, 1fr); padding: .5rem .7rem; }
  table:not(.stack) { display: block; overflow-x: auto; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack thead { display: none; }
  table.stack tr { border: 1px solid var(--line); border-radius: 6px; margin: .4rem 0; padding: .2rem 0; background: #fff; }
  table.stack td { border: 0; padding: .15rem .6rem; }
  table.stack td[data-label]::before { content: attr(data-label) " : "; color: var(--muted); font-size: .85rem; }
  table.stack td.num { white-space: normal; }
  meter { width: 6rem; }
}
`;
