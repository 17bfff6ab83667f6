import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { HONEYPOT_FIELD, webLeadSchema } from '../../../shared/leads/schemas.js';
import type { LeadVehicle } from '../../../shared/leads/types.js';
import { hit } from '../../http/rate-limit.js';
import type { DB } from '../../db/schema.js';
import { AppError, tooManyRequests } from '../../http/errors.js';
import type { FormState } from './form-page.js';
import { receiveWebLead, type IntakeSource } from './intake.js';
import { personsLead } from './service.js';

/** Web form leads from one address: a person sends one or two; more is a program. */
const FORM_LIMIT = { max: 5, windowSeconds: 10 * 60 };

/** Lets the routes of `form` take form fields as plain browsers post them (and JSON, from a site's own script). */
export function acceptFormPosts(form: FastifyInstance) {
  form.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/** A public HTML page of Torque's, under its own content security policy. */
export const sendPage = (reply: FastifyReply, status: number, body: string, policy: string) =>
  reply.status(status).header('content-security-policy', policy).type('text/html; charset=utf-8').send(body);

/**
 * One post of a public lead form (the web form's, a vehicle page's): checked by the web lead's schema, at most five
 * from one address in ten minutes (every process together), and, unless it filled in the field only programs see,
 * taken in as a lead from `source` about `vehicle`. A form posted by a browser is answered by `page` (the form again
 * with what was typed and what is wrong, or `done` once received); one posted by a script is answered in JSON.
 */
export async function receiveWebForm(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  lead: {
    source: IntakeSource;
    vehicle: LeadVehicle | null;
    /** The stocked vehicle the form is on (a vehicle's public page): its owner may be the one to answer. */
    vehicleId?: string;
    page: (status: number, state: FormState) => Promise<FastifyReply>;
    done: () => FastifyReply;
  },
) {
  const asPage = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
  const values = Object.fromEntries(
    Object.entries((request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : '']),
  );
  const parsed = webLeadSchema.safeParse(request.body ?? {});
  if (!parsed.success) {
    // The first message of each field, as the API's own validation answers.
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    if (asPage) return lead.page(400, { values, errors });
    throw new AppError(400, 'VALIDATION', parsed.error.issues[0]!.message, errors);
  }
  const wait = await hit(db, `lead-form:${request.ip}`, FORM_LIMIT);
  if (wait !== null) {
    const message = `Too many messages from this address; try again in ${Math.ceil(wait / 60)} minutes`;
    if (asPage) {
      reply.header('retry-after', String(wait));
      return lead.page(429, { values, message });
    }
    throw tooManyRequests(message, wait);
  }
  // A form that fills in the field people never see was filled in by a program: thanked, and not kept.
  const { [HONEYPOT_FIELD]: trap, ...fields } = parsed.data;
  if (trap === '') {
    const { [HONEYPOT_FIELD]: _trap, ...sent } = values;
    const person = personsLead(fields);
    await receiveWebLead(
      db,
      lead.source,
      { ...person, vehicle: lead.vehicle ?? person.vehicle },
      JSON.stringify(sent),
      lead.vehicleId,
    );
  }
  if (asPage) return lead.done();
  return reply.status(202).send({ received: true });
}
