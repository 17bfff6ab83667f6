// What other areas may use of the deals area, besides its api.
export { DealStatusBadge } from './deal-status-badge';
export { DealRow } from './deal-row';
export { dealVehicle, shortDealId } from './deals-table';
export { DealNotFound } from './deal-not-found';
export { DealPicker, type PickedDeal } from './deal-picker';
