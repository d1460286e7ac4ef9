import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { downloadCsv } from '@/lib/api/download-csv';
import { errorMessageOf } from '@/lib/errors';

/**
 * "Exportar CSV" of a back-office table: downloads the API's export of what the table lists (its
 * search and filters in `query`) and says so when it fails.
 */
export function CsvExportButton({
  path,
  query,
  fileName,
}: {
  path: string;
  query: Record<string, string | number | boolean | undefined>;
  fileName: string;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ isPending: boolean; error: string | null }>({
    isPending: false,
    error: null,
  });
  const run = async () => {
    setState({ isPending: true, error: null });
    try {
      await downloadCsv(path, query, fileName);
      setState({ isPending: false, error: null });
    } catch (error) {
      setState({ isPending: false, error: errorMessageOf(error, t('reports.exportError')) });
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={state.isPending} onClick={() => void run()}>
        {state.isPending ? t('reports.exporting') : t('reports.exportTable')}
      </Button>
      {state.error && (
        <span role="alert" className="text-sm text-red-700">
          {state.error}
        </span>
      )}
    </>
  );
}
