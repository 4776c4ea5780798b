import { Button, ButtonGroup } from '@blueprintjs/core';
import { csvText, plain, saveBlob, saveCsv } from '../../../core/csv/csvFile';
import { useT } from '../../../core/i18n/I18nProvider';
import { xlsxBytes, type Cell, type SheetTable } from '../../../core/xlsx/xlsxFile';

export type { Cell };
/** One table of what a page shows: a sheet of the XLSX, a block of the CSV. */
export type DownloadTable = SheetTable;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A table's CSV lines: numbers plain, to `digits` decimals. */
const csvLines = (table: DownloadTable, digits: number) => [table.heading, ...table.rows.map((row) => row.map((cell) => (typeof cell === 'number' ? plain(cell, digits) : cell)))];

/**
 * What a view page shows, as CSV (UTF-8 with BOM; several tables one after another, a blank line
 * between) or as XLSX (a sheet per table, numbers as numbers). `tables` is built on click, from
 * the figures on screen in the unit shown.
 */
export function ViewDownload({ fileBase, tables, disabled, testId, digits = 6 }: { fileBase: string; tables: () => DownloadTable[]; disabled?: boolean; testId: string; digits?: number }) {
  const t = useT();
  const csv = () => {
    const blocks = tables().map((table) => csvLines(table, digits));
    saveCsv(csvText(blocks.flatMap((lines, i) => (i === 0 ? lines : [[], ...lines]))), `${fileBase}.csv`);
  };
  const xlsx = () => saveBlob(new Blob([xlsxBytes(tables())], { type: XLSX_TYPE }), `${fileBase}.xlsx`);
  return (
    <ButtonGroup>
      <Button icon="download" disabled={disabled} onClick={csv} data-testid={testId}>
        {t('views.download')}
      </Button>
      <Button icon="th-derived" disabled={disabled} onClick={xlsx} data-testid={`${testId}-xlsx`}>
        {t('views.downloadXlsx')}
      </Button>
    </ButtonGroup>
  );
}
