import { api } from '@/lib/api-client';

/** Exports can take a while on a long period. */
const exportTimeoutMs = 120_000;

/**
 * GET one of the API's CSV exports and save it as a file: every back-office table downloads
 * through here. The response text loses its byte-order mark on decoding; it is put back so Excel
 * reads the file as UTF-8.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
  fileName: string,
) {
  const text = await api.get<string>(path, { query, timeoutMs: exportTimeoutMs });
  const blob = new Blob(['\ufeff', String(text).replace(/^\ufeff/, '')], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
