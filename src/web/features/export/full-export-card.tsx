import { Download } from 'lucide-react';
import { FULL_EXPORT_PATH } from '@shared/export/manifest';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentSession } from '@/features/auth/api';
import { downloadInFrame } from './download';
import { can } from '@shared/users/permissions';

/** Settings → Export: everything the user may see as one zip of CSV and JSON files with the stored documents. */
export function FullExportCard() {
  const { user } = useCurrentSession();
  const isAdmin = can(user, 'fullExport');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export Your Data</CardTitle>
        <CardDescription>
          {isAdmin
            ? 'Every table as CSV and JSON with every stored document, in one zip file'
            : 'Your customers, deals, vehicles and their documents as CSV and JSON, in one zip file'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button variant="outline" className="justify-self-start" onClick={() => downloadInFrame(FULL_EXPORT_PATH)}>
          <Download /> {isAdmin ? 'Download everything' : 'Download my data'}
        </Button>
        <p className="text-muted-foreground text-sm">
          manifest.json in the zip lists each file with its row count or SHA-256. Passwords, sessions and other secrets are left
          out.
        </p>
      </CardContent>
    </Card>
  );
}
