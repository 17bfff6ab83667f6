import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The address people and services outside reach Torque at, for links in mail and the images other services fetch:
 * PUBLIC_URL, or else the request's own origin (behind a proxy, as TRUST_PROXY lets Torque read it).
 */
export const originOf = (config: Pick<Config, 'publicUrl'>, request: FastifyRequest) =>
  (config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
