// What other areas may use of the deals area, besides its api.
export { DealStatusBadge } from './deal-status-badge';
export { shortDealId } from './deals-table';
export { DealPicker, type PickedDeal } from './deal-picker';
