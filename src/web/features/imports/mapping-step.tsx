import { importFields, type ImportKind, type ImportMapping } from '@shared/imports/fields';
import type { ImportUpload } from '@shared/imports/schemas';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

type Props = { kind: ImportKind; upload: ImportUpload; mapping: ImportMapping; onChange: (mapping: ImportMapping) => void };

/** A select per field, listing the file's columns, and the file's first rows beside them. */
export function MappingStep({ kind, upload, mapping, onChange }: Props) {
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        Choose which column of <span className="text-foreground font-medium">{upload.file_name}</span> fills each field. Fields
        left at “Don’t import” keep their current values.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {importFields[kind].map((field) => {
          const id = `import-field-${field.key}`;
          const value = mapping[field.key];
          return (
            <div key={field.key} className="grid gap-1.5">
              <Label htmlFor={id}>
                {field.label}
                {field.required && <span aria-hidden="true"> *</span>}
              </Label>
              <NativeSelect
                id={id}
                value={value === null || value === undefined ? '' : String(value)}
                required={field.required}
                onChange={(event) =>
                  onChange({ ...mapping, [field.key]: event.target.value === '' ? null : Number(event.target.value) })
                }
              >
                <option value="">Don’t import</option>
                {upload.headers.map((header, index) => (
                  <option key={index} value={index}>
                    {header}
                  </option>
                ))}
              </NativeSelect>
            </div>
          );
        })}
      </div>
      <div className="grid gap-2">
        <h3 id="import-preview-title" className="text-sm font-medium">
          First rows of the file{' '}
          <span className="text-muted-foreground font-normal">({upload.row_count.toLocaleString('en-US')} in all)</span>
        </h3>
        {/* A region that scrolls takes the keyboard's focus, so it can be scrolled without a mouse. */}
        <div
          role="region"
          aria-labelledby="import-preview-title"
          tabIndex={0}
          className="focus-visible:ring-ring/50 max-h-48 overflow-auto rounded-md border outline-none focus-visible:ring-[3px]"
        >
          <Table>
            <TableHeader>
              <TableRow>
                {upload.headers.map((header, index) => (
                  <TableHead key={index}>{header}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {upload.preview.map((row, r) => (
                <TableRow key={r}>
                  {row.map((cell, c) => (
                    <TableCell key={c} className="max-w-48 truncate">
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </div>
    </div>
  );
}
