export { LeadSourcesCard } from './lead-sources-card';
