/** The address of the full export: a zip of every table the user may see as CSV and JSON, and their documents. */
export const FULL_EXPORT_PATH = '/api/export';

export const EXPORT_FORMAT = 1;

/** `manifest.json`, the last file of the export: what it holds, counted as it was written. */
export type ExportManifest = {
  format: number;
  torque_version: string;
  created_at: string;
  actor: { id: string; name: string; email: string; role: string; switched_by: string | null };
  /** 'everything' for admins; 'visible records' for editors and agents (their records and their own rows). */
  scope: 'everything' | 'visible records';
  /** True when every table was read in one database snapshot (PostgreSQL); false on the embedded database. */
  snapshot: boolean;
  /** `rows` were written to the CSV file; `json_rows` only when the JSON file differs (no snapshot, rows changed). */
  tables: Record<string, { rows: number; json_rows?: number; columns: string[]; csv: string; json: string }>;
  /**
   * `readable/`: the records a person opens in a spreadsheet, as the app's own CSV exports write them (dollars, labels,
   * names beside ids, days and moments in `time_zone`, the company's). The counting tables have no file here.
   */
  readable: {
    time_zone: string;
    files: Record<string, { rows: number; columns: string[]; csv: string; about: string }>;
  };
  excluded_tables: Record<string, string>;
  excluded_columns: Record<string, Record<string, string>>;
  documents: {
    path: string;
    table: string;
    id: string;
    file_name: string;
    size: number;
    sha256: string;
  }[];
  /** Documents whose row exists but whose stored file was not found. */
  missing_documents: { table: string; id: string; file_name: string }[];
};
