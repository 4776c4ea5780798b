/**
 * The list of reports' address parameters: the regime whose draft is shown (`?regime=`, absent: the
 * GHG Protocol inventory), and `?file=1` to open its filing dialog at once (the SHK and 省エネ法
 * pages' "File this report" lead there so).
 */
export const REGIME_PARAM = 'regime';
export const FILE_PARAM = 'file';
