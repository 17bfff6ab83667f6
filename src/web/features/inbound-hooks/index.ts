export { HooksCard } from './hooks-card';
