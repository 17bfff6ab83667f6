/** Text made safe to place in HTML, in an element or in an attribute's quotes. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The look of the pages Torque serves to the public (the web form, a vehicle's page): system fonts, light or dark. */
const baseStyle = `
:root { color-scheme: light dark; --fg: #0a0a0a; --muted: #525252; --bg: #fff; --line: #d4d4d4; --accent: #171717;
  --danger: #b91c1c; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
@media (prefers-color-scheme: dark) { :root { --fg: #fafafa; --muted: #a3a3a3; --bg: #0a0a0a; --line: #404040;
  --accent: #fafafa; --danger: #f87171; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
main { max-width: 32rem; margin: 0 auto; padding: 1.5rem 1rem; }
h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
p { color: var(--muted); margin: 0 0 1.25rem; font-size: .9rem; }
form { display: grid; gap: .9rem; }
label { display: grid; gap: .35rem; font-size: .875rem; font-weight: 500; }
input, textarea { font: inherit; color: inherit; background: transparent; border: 1px solid var(--line);
  border-radius: .5rem; padding: .55rem .7rem; width: 100%; }
input:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid var(--accent);
  outline-offset: 2px; }
.error { color: var(--danger); font-size: .8rem; font-weight: 400; }
button { font: inherit; font-weight: 600; border: 0; border-radius: .5rem; padding: .65rem 1rem; cursor: pointer;
  background: var(--accent); color: var(--bg); }
.trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
`;

/** A whole public page: `body` inside its `main`, with the base look and any `style` or `head` of the page's own. */
export function htmlPage(title: string, body: string, { head = '', style = '', lang = 'en' } = {}) {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}<style>${baseStyle}${style}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
