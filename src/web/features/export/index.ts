export { FullExportCard } from './full-export-card';
