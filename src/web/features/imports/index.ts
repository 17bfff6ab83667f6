export { ImportButton } from './import-button';
