import { HONEYPOT_FIELD, leadFormPostPath } from '../../../shared/leads/schemas.js';
import { escapeHtml as escape, htmlPage as page } from '../../http/html.js';

type Field = { name: string; label: string; type: string; autocomplete: string; multiline?: boolean };
const fields: Field[] = [
  { name: 'name', label: 'Full Name', type: 'text', autocomplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
  { name: 'interest', label: 'Vehicle of interest', type: 'text', autocomplete: 'off' },
  { name: 'budget', label: 'Budget ($)', type: 'text', autocomplete: 'off' },
  { name: 'comments', label: 'Message', type: 'text', autocomplete: 'off', multiline: true },
];
export type LeadFieldName = 'name' | 'email' | 'phone' | 'interest' | 'budget' | 'comments';

/** What a form shows again after a refusal: what was typed, each field's problem, and a message for the whole form. */
export type FormState = { values?: Record<string, string>; errors?: Record<string, string>; message?: string };

/**
 * A lead form that works without script: the fields named, in this order, each with what was typed and its problem,
 * the field only programs fill in, and a Send button, posting to `action`.
 */
export function leadForm(action: string, names: readonly LeadFieldName[], state: FormState = {}) {
  const values = state.values ?? {};
  const errors = state.errors ?? {};
  const inputs = fields
    .filter((field) => names.includes(field.name as LeadFieldName))
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
  return `${state.message ? `<p class="error" role="alert">${escape(state.message)}</p>` : ''}
<form method="post" action="${escape(action)}" novalidate>
${inputs}
<div class="trap" aria-hidden="true"><label for="lead-${HONEYPOT_FIELD}">Leave this empty<input id="lead-${HONEYPOT_FIELD}" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></label></div>
<button type="submit">Send</button>
</form>`;
}

/** The public form of a lead source: plain HTML that works without script, in a page or in another site's frame. */
export function leadFormPage(company: string, sourceId: string, state: FormState = {}) {
  return page(
    `Contact ${company}`,
    `<h1>Contact ${escape(company)}</h1>
<p>Tell us what you are looking for and an agent will get back to you.</p>
${leadForm(leadFormPostPath(sourceId), ['name', 'email', 'phone', 'interest', 'budget', 'comments'], state)}`,
  );
}

export function leadFormSentPage(company: string) {
  return page(
    `Thank you — ${company}`,
    `<h1>Thank you</h1>
<p role="status">${escape(company)} has your message; an agent will contact you soon.</p>`,
  );
}
