export { LeadSourcesCard } from './lead-sources-card';
export { LeadsPage } from './leads-page';
