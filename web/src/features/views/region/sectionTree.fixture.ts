/**
 * The section tree the region and group-flag unit tests share, shaped like the demo company's:
 *
 *   全社 ─┬─ 製造本部 ─┬─ 第一工場
 *         │           └─ 第二工場
 *         └─ 管理本部 ── 経理部
 */
export const demoLikeSections = [
  { id: '全社', parentSection: null },
  { id: '製造本部', parentSection: '全社' },
  { id: '第一工場', parentSection: '製造本部' },
  { id: '第二工場', parentSection: '製造本部' },
  { id: '管理本部', parentSection: '全社' },
  { id: '経理部', parentSection: '管理本部' },
] as const satisfies readonly { id: string; parentSection: string | null }[];
