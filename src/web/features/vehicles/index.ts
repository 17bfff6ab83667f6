/** What other areas use of the inventory besides its api.ts. */
export { MakeSuggestions } from './make-suggestions';
export { VehicleSearchPicker } from './vehicle-search-picker';
export { BuyersGuideSummary, PrintGuideLinks } from './buyers-guide-card';
