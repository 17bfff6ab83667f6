export { TextingCard } from './texting-card';
