import { openDealStatuses, type DealStatus } from '../deals/options.js';
import type { VehicleStatus } from './options.js';

/** The statuses a vehicle's deals leave it, and why; null when its deals do not decide it. */
export type VehicleStatusRule = { allowed: VehicleStatus[]; reason: string } | null;

/**
 * A vehicle's status never contradicts its deals: sold while a completed deal holds it, pending or reserved while an
 * open deal does. Anything else is the inventory's own choice.
 */
export function vehicleStatusRule(dealStatuses: readonly DealStatus[]): VehicleStatusRule {
  if (dealStatuses.includes('completed')) {
    return {
      allowed: ['sold'],
      reason: 'This vehicle was sold through a completed deal. To change its status, change that deal first.',
    };
  }
  if (dealStatuses.some((status) => (openDealStatuses as readonly DealStatus[]).includes(status))) {
    return {
      allowed: ['pending', 'reserved'],
      reason: 'This vehicle is on an open deal, so it stays Pending or Reserved until that deal is completed or cancelled.',
    };
  }
  return null;
}
