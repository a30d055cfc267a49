/**
 * The one script of the desk, served from `/admin/refresh.js` (the CSP allows this origin's scripts
 * only, nothing inline). A page whose body carries `data-refresh="<seconds>"` reloads itself at
 * that pace while the referee only reads it: never while a form field has the focus or holds
 * something typed, so a decision being written is not lost. The reload drops the query, so a
 * flash message (`?fait=`) is not shown twice. Without script the page simply stays as it is.
 */
export const REFRESH_JS = `(() => {
  const seconds = Number(document.body.dataset.refresh);
  if (!(seconds > 0)) return;
  let typed = false;
  document.addEventListener("input", () => { typed = true; });
  setInterval(() => {
    const active = document.activeElement;
    const editing = active !== null && active.matches("input, select, textarea");
    if (typed || editing) return;
    location.replace(location.pathname + location.hash);
  }, seconds * 1000);
})();
`;
