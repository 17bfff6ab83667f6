import { HONEYPOT_FIELD, leadFormPostPath } from '../../../shared/leads/schemas.js';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Field = { name: string; label: string; type: string; autocomplete: string; multiline?: boolean };
const fields: Field[] = [
  { name: 'name', label: 'Full Name', type: 'text', autocomplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
  { name: 'interest', label: 'Vehicle of interest', type: 'text', autocomplete: 'off' },
  { name: 'budget', label: 'Budget ($)', type: 'text', autocomplete: 'off' },
  { name: 'comments', label: 'Message', type: 'text', autocomplete: 'off', multiline: true },
];

const style = `
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
input:focus-visible, textarea:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.error { color: var(--danger); font-size: .8rem; font-weight: 400; }
button { font: inherit; font-weight: 600; border: 0; border-radius: .5rem; padding: .65rem 1rem; cursor: pointer;
  background: var(--accent); color: var(--bg); }
.trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
`;

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${style}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The public form of a lead source: plain HTML that works without script, in a page or in another site's frame. */
export function leadFormPage(
  company: string,
  sourceId: string,
  state: { values?: Record<string, string>; errors?: Record<string, string>; message?: string } = {},
) {
  const values = state.values ?? {};
  const errors = state.errors ?? {};
  const inputs = fields
    .map((field) => {
      const id = `lead-${field.name}`;
      const value = escape(values[field.name] ?? '');
      const error = errors[field.name];
      const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
      const control = field.multiline
        ? `<textarea id="${id}" name="${field.name}" rows="4"${described}>${value}</textarea>`
        : `<input id="${id}" name="${field.name}" type="${field.type}" autocomplete="${field.autocomplete}" value="${value}"${
            field.name === 'name' ? ' required' : ''
          }${described}>`;
      return `<label for="${id}">${field.label}${control}${
        error ? `<span class="error" id="${id}-error">${escape(error)}</span>` : ''
      }</label>`;
    })
    .join('\n');
  return page(
    `Contact ${company}`,
    `<h1>Contact ${escape(company)}</h1>
<p>Tell us what you are looking for and an agent will get back to you.</p>
${state.message ? `<p class="error" role="alert">${escape(state.message)}</p>` : ''}
<form method="post" action="${leadFormPostPath(sourceId)}" novalidate>
${inputs}
<div class="trap" aria-hidden="true"><label for="lead-${HONEYPOT_FIELD}">Leave this empty<input id="lead-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></label></div>
<button type="submit">Send</button>
</form>`,
  );
}

export function leadFormSentPage(company: string) {
  return page(
    `Thank you — ${company}`,
    `<h1>Thank you</h1>
<p role="status">${escape(company)} has your message; an agent will contact you soon.</p>`,
  );
}
