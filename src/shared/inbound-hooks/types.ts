import { z } from 'zod';
// Its checks speak plain words even when this module is the first of src/shared a screen loads.
import '../common/plain-errors.js';

export const hookNames = ['sms', 'inbound_email'] as const;
export type HookName = (typeof hookNames)[number];
export const hookPaths: Record<HookName, string> = { sms: '/api/hooks/sms', inbound_email: '/api/hooks/inbound-email' };
export const hookLabels: Record<HookName, string> = { sms: 'SMS replies', inbound_email: 'Inbound e-mail' };

/** A webhook other services call, with the secret they sign each call with (admins only). */
export const hookSecretSchema = z.object({ name: z.enum(hookNames), path: z.string(), secret: z.string() });
export type HookSecret = z.infer<typeof hookSecretSchema>;
export const hookSecretsSchema = z.object({ items: z.array(hookSecretSchema) });
export const hookNameParams = z.object({ name: z.enum(hookNames, { error: 'Not found' }) });

/** The answer to a signed call sent again while its first delivery is still being stored. */
export const HOOK_CALL_IN_FLIGHT = 'This signed call is already being handled. Send it again in a moment.';
