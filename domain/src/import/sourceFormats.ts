import { importSourceTypes } from '@ghg/events';

/**
 * The source systems linked transaction data is imported from, and the columns each writes.
 * A format is a list of columns: which linked-data field a column fills, the header labels it is
 * known by, and whether a file must have it. docs/import-formats.md is the user's view of this
 * file (a unit test checks that every header here appears there).
 */

/** The source types: the event contract's list, the one source of it. */
export const IMPORT_SOURCE_TYPES = importSourceTypes;
export type ImportSourceType = (typeof IMPORT_SOURCE_TYPES)[number];

/** Canonical linked-data text fields (the spec's linked-data columns that are not dates or numbers). */
export const LINKED_TEXT_FIELDS = [
  'slipNumber',
  'lineNumber',
  'contents',
  'supplierName',
  'supplierCode',
  'department',
  'site',
  'productCode',
  'productName',
  'accountCode',
  'expensesType',
  'energyType',
  'transportMethod',
  'ideaCode',
  'ideaName',
  'companyCode',
  'organizationCode',
  'organizationName',
  'countryCode',
  'countryOfOrigin',
  'departureStation',
  'arrivalStation',
  'route',
  'transferDestination',
  'disposalMethod',
  'billingCode',
  'billingName',
  'analysisCode',
  'analysisName',
  'salesNumber',
  'businessPartnerNumber',
  'officeCode',
  'domesticClassification',
  'leaseClassification',
  'electricityReceivingClassification',
  'remarks',
] as const;
export type LinkedTextField = (typeof LINKED_TEXT_FIELDS)[number];

/** Fields that are not text: a date, numbers, and the currency and unit that qualify them. */
export const LINKED_VALUE_FIELDS = ['transactionDate', 'amount', 'currency', 'volume', 'volumeUnit', 'weight', 'distance'] as const;
export type LinkedField = LinkedTextField | (typeof LINKED_VALUE_FIELDS)[number];

export interface SourceColumn {
  field: LinkedField;
  /** Accepted header labels; headers[0] is the one the sample files and templates write (Japanese). */
  headers: readonly string[];
  /** The file must have the column, and every data row a value in it. */
  required: boolean;
  /**
   * Multiplies the number into the record's unit: 1000 for a weight in tonnes (records hold kg).
   * Absent means 1.
   */
  factor?: number;
}

export interface SourceFormat {
  type: ImportSourceType;
  columns: readonly SourceColumn[];
  /** Fields whose values together identify a transaction in its source system. */
  sourceKey: readonly LinkedField[];
}

const col = (field: LinkedField, headers: readonly string[], required = false, factor?: number): SourceColumn =>
  factor === undefined ? { field, headers, required } : { field, headers, required, factor };

/**
 * Our own template. Every linked-data field has a column; the English label and the field's own
 * name (slipNumber) are accepted too, so a file exported by another tool can be renamed into it.
 */
const STANDARD: SourceFormat = {
  type: 'standard',
  sourceKey: ['slipNumber', 'lineNumber'],
  columns: [
    col('transactionDate', ['取引日', 'transaction date', 'transactionDate', '日付', 'date'], true),
    col('slipNumber', ['伝票番号', 'slip number', 'slipNumber', '伝票No', 'slip no'], true),
    col('lineNumber', ['行番号', 'line number', 'lineNumber', '明細番号', 'line no'], true),
    col('contents', ['内容', 'contents', '摘要', 'description']),
    col('supplierName', ['取引先名', 'supplier name', 'supplierName', '取引先', 'supplier']),
    col('supplierCode', ['取引先コード', 'supplier code', 'supplierCode']),
    col('volume', ['取引数量', 'transaction volume', 'volume', '数量', 'quantity']),
    col('volumeUnit', ['単位', 'unit', 'volumeUnit']),
    col('amount', ['取引金額', 'transaction amount', 'amount', '金額']),
    col('currency', ['通貨', 'currency', '伝票通貨', 'voucher currency']),
    col('department', ['社内部署', 'internal department', 'department', '部署'], true),
    col('site', ['拠点', 'site', '事業所']),
    col('productCode', ['品目コード', 'product code', 'productCode']),
    col('productName', ['品目名', 'product name', 'productName']),
    col('weight', ['重量(kg)', 'weight (kg)', 'weight', '重量']),
    col('weight', ['重量(t)', 'weight (t)', '重量(トン)'], false, 1000),
    col('distance', ['距離(km)', 'distance (km)', 'distance', '距離']),
    col('accountCode', ['勘定科目コード', 'account code', 'accountCode']),
    col('expensesType', ['費目', 'expenses type', 'expensesType']),
    col('energyType', ['エネルギー種別', 'energy type', 'energyType']),
    col('transportMethod', ['輸送手段', 'transport method', 'transportMethod']),
    col('departureStation', ['発地', 'departure station', 'departureStation', '出発地']),
    col('arrivalStation', ['着地', 'arrival station', 'arrivalStation', '到着地']),
    col('route', ['経路', 'route']),
    col('ideaCode', ['IDEAコード', 'IDEA code', 'ideaCode']),
    col('ideaName', ['IDEA名', 'IDEA name', 'ideaName']),
    col('companyCode', ['会社コード', 'company code', 'companyCode']),
    col('organizationCode', ['組織コード', 'organization code', 'organizationCode']),
    col('organizationName', ['組織名', 'organization name', 'organizationName']),
    col('countryCode', ['国コード', 'country code', 'countryCode']),
    col('countryOfOrigin', ['原産国', 'country of origin', 'countryOfOrigin']),
    col('transferDestination', ['移動先', 'transfer destination', 'transferDestination']),
    col('disposalMethod', ['処分方法', 'disposal method', 'disposalMethod']),
    col('billingCode', ['請求先コード', 'billing code', 'billingCode']),
    col('billingName', ['請求先名', 'billing name', 'billingName']),
    col('analysisCode', ['分析コード', 'analysis code', 'analysisCode']),
    col('analysisName', ['分析名', 'analysis name', 'analysisName']),
    col('salesNumber', ['売上番号', 'sales number', 'salesNumber']),
    col('businessPartnerNumber', ['ビジネスパートナー番号', 'business partner number', 'businessPartnerNumber']),
    col('officeCode', ['事業所コード', 'office code', 'officeCode']),
    col('domesticClassification', ['国内区分', 'domestic classification', 'domesticClassification']),
    col('leaseClassification', ['リース区分', 'lease classification', 'leaseClassification']),
    col('electricityReceivingClassification', ['受電区分', 'electricity receiving classification', 'electricityReceivingClassification']),
    col('remarks', ['備考', 'remarks', 'note']),
  ],
};

/** A warehouse management system's shipment and receipt export: one row per slip line. */
const WAREHOUSE: SourceFormat = {
  type: 'warehouse',
  sourceKey: ['slipNumber', 'lineNumber'],
  columns: [
    col('transactionDate', ['出荷日', '入出庫日', '入荷日', 'shipping date', 'date'], true),
    col('slipNumber', ['伝票No', '伝票番号', '出荷伝票No', 'slip no', 'slip number'], true),
    col('lineNumber', ['明細No', '行No', '行番号', 'line no'], true),
    col('contents', ['入出庫区分', '区分', 'movement type']),
    col('productCode', ['品番', '商品コード', 'item code', 'product code']),
    col('productName', ['品名', '商品名', 'item name', 'product name']),
    col('volume', ['数量', 'quantity', 'qty']),
    col('volumeUnit', ['単位', 'unit']),
    col('weight', ['重量(kg)', '重量', 'weight (kg)', 'weight']),
    col('weight', ['重量(t)', 'weight (t)'], false, 1000),
    col('amount', ['金額', '保管料', 'amount']),
    col('supplierName', ['荷主', '取引先', '荷主名', 'shipper']),
    col('supplierCode', ['荷主コード', '取引先コード', 'shipper code']),
    col('site', ['倉庫', '倉庫名', 'warehouse']),
    col('department', ['部署', '担当部署', 'department'], true),
    col('transferDestination', ['出荷先', '届け先', 'ship to']),
    col('transportMethod', ['配送方法', '輸送手段', 'delivery method']),
    col('remarks', ['備考', 'remarks']),
  ],
};

/** An export/import trade system: one row per invoice line, amounts often in foreign currencies. */
const EXPORT_IMPORT: SourceFormat = {
  type: 'exportImport',
  sourceKey: ['slipNumber', 'lineNumber'],
  columns: [
    col('transactionDate', ['船積日', '通関日', '輸出入日', 'shipment date', 'customs date'], true),
    col('slipNumber', ['インボイス番号', 'インボイスNo', 'invoice no', 'invoice number'], true),
    col('lineNumber', ['明細番号', '行番号', 'item no', 'line no'], true),
    col('contents', ['輸出入区分', 'trade type']),
    col('productName', ['品目', '品名', 'commodity', 'description']),
    col('productCode', ['HSコード', '統計品目番号', 'HS code']),
    col('volume', ['数量', 'quantity']),
    col('volumeUnit', ['単位', 'unit']),
    col('weight', ['重量(kg)', '総重量(kg)', '重量', 'gross weight (kg)', 'weight']),
    col('weight', ['重量(t)', 'weight (t)'], false, 1000),
    col('amount', ['金額', 'インボイス金額', 'amount', 'invoice amount']),
    col('currency', ['通貨', '建値通貨', 'currency']),
    col('countryCode', ['仕出国', '仕出国コード', 'country of shipment', 'country code']),
    col('countryOfOrigin', ['原産国', 'country of origin']),
    col('supplierName', ['取引先', '輸出者', '仕入先', 'supplier', 'exporter']),
    col('supplierCode', ['取引先コード', 'supplier code']),
    col('transportMethod', ['輸送手段', '輸送モード', 'transport mode']),
    col('departureStation', ['積出港', '船積港', 'port of loading']),
    col('arrivalStation', ['陸揚港', '荷揚港', 'port of discharge']),
    col('department', ['部署', '担当部署', 'department'], true),
    col('remarks', ['備考', 'remarks']),
  ],
};

/** A legacy logistics system's shipment list: one row per waybill. */
const LEGACY_LOGISTICS: SourceFormat = {
  type: 'legacyLogistics',
  sourceKey: ['slipNumber'],
  columns: [
    col('transactionDate', ['出荷日', '発送日', 'shipping date'], true),
    col('slipNumber', ['送り状番号', '送状No', '伝票番号', 'waybill no', 'waybill number'], true),
    col('departureStation', ['発地', '発地名', 'origin']),
    col('arrivalStation', ['着地', '着地名', 'destination']),
    col('transportMethod', ['輸送手段', '輸送モード', 'transport method'], true),
    col('productName', ['品名', 'goods']),
    col('volume', ['個数', 'packages']),
    col('weight', ['重量(kg)', '重量', 'weight (kg)', 'weight'], true),
    col('weight', ['重量(t)', 'トン数', 'weight (t)'], false, 1000),
    col('distance', ['距離(km)', '輸送距離(km)', '距離', 'distance (km)', 'distance']),
    col('amount', ['運賃', '運賃(円)', 'freight']),
    col('supplierName', ['運送会社', '運送業者', 'carrier']),
    col('supplierCode', ['運送会社コード', 'carrier code']),
    col('department', ['部署', '依頼部署', 'department'], true),
    col('remarks', ['備考', 'remarks']),
  ],
};

export const SOURCE_FORMATS: Readonly<Record<ImportSourceType, SourceFormat>> = {
  standard: STANDARD,
  warehouse: WAREHOUSE,
  exportImport: EXPORT_IMPORT,
  legacyLogistics: LEGACY_LOGISTICS,
};

/**
 * Header comparison key: NFKC (full-width Ｎｏ and （ｋｇ） meet their ASCII forms), no byte-order
 * mark, lower case, without spaces and underscores ('Transaction_Date', 'transaction date' and
 * 'transactionDate' meet). A unit test checks that no two columns of a format collide under it.
 */
export function headerKey(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_]/g, '');
}

const COLUMN_BY_HEADER: Readonly<Record<ImportSourceType, ReadonlyMap<string, SourceColumn>>> = (() => {
  const out = {} as Record<ImportSourceType, Map<string, SourceColumn>>;
  for (const type of IMPORT_SOURCE_TYPES) {
    const m = new Map<string, SourceColumn>();
    for (const c of SOURCE_FORMATS[type].columns) for (const h of c.headers) m.set(headerKey(h), c);
    out[type] = m;
  }
  return out;
})();

/** The column a header label names in a format, if any. */
export function sourceColumnOf(sourceType: ImportSourceType, header: string): SourceColumn | null {
  return COLUMN_BY_HEADER[sourceType].get(headerKey(header)) ?? null;
}
