export { ConsentCard } from './consent-card';
