import { reassignSchema, type ReassignResult } from '../common/reassign.js';
import { defineApi, post } from '../http/contract.js';

/** The vehicles' routes the web calls through the contract. */
export const vehiclesApi = defineApi('vehicles', {
  reassign: post('/api/vehicles/reassign', { body: reassignSchema }).returns<ReassignResult>(),
});
