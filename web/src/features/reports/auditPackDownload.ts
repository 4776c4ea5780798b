import { auditPackRoutes } from '@ghg/api';
import { downloadFile } from '../../core/api/fileDownload';

/**
 * Fetches the audit pack of a filed report (POST /api/reports/audit-pack, a ZIP written as it is
 * read), reporting the bytes received, then hands it to the browser as a download, as the export
 * page does. A refusal is thrown as ApiError, like every other call's.
 */
export const downloadAuditPack = (reportId: string, onProgress: (bytes: number) => void): Promise<{ fileName: string; bytes: number }> =>
  downloadFile(auditPackRoutes.download.url, { reportId }, 'audit-pack.zip', () => (_chunk, bytes) => onProgress(bytes));
