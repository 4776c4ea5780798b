import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Button, Icon, Tag, Tooltip } from '@blueprintjs/core';
import { UNSPECIFIED_SECTION } from '@ghg/domain';
import { useT } from '../../../core/i18n/I18nProvider';
import { energyTypeLabel } from './api';
import { isReserved, treeKeyTarget, type Section, type SectionNode } from './tree';

interface Props {
  nodes: readonly SectionNode[];
  canWrite: boolean;
  /** A section dropped on another (parentId) or on the top-level zone (null). */
  onMove: (section: Section, parentId: string | null) => void;
  onAdd: (parent: Section) => void;
  onEdit: (section: Section) => void;
  onDelete: (section: Section) => void;
}

const DRAG_TYPE = 'application/x-ghg-section';

/**
 * The section hierarchy, every level open. A writer drags a section onto another to make it a
 * sub-section, or onto the top-level zone; the edit dialog's parent choice does the same without a
 * mouse. Reserved sections (全社, 指定なし) do not move. The keyboard reaches the tree at one row
 * (roving tabindex) and moves with the arrows, Home and End; Tab goes on to that row's buttons.
 */
export function SectionTree({ nodes, canWrite, onMove, onAdd, onEdit, onDelete }: Props) {
  const t = useT();
  // The dragged section lives in a ref: drag events come faster than renders.
  const dragged = useRef<Section | null>(null);
  const [dragging, setDragging] = useState(false);
  const [over, setOver] = useState<string | null>(null);
  const tree = useRef<HTMLUListElement>(null);
  // The row the Tab key lands on: the last one focused, else the first.
  const [focusId, setFocusId] = useState<string | null>(null);
  const tabStop = focusId !== null && hasRow(nodes, focusId) ? focusId : (nodes[0]?.section.id ?? null);
  const onRowKey = (e: KeyboardEvent<HTMLLIElement>, id: string) => {
    if (e.target !== e.currentTarget) return; // a key on one of the row's buttons
    const next = treeKeyTarget(nodes, id, e.key);
    if (next === null) return;
    e.preventDefault();
    setFocusId(next);
    tree.current?.querySelector<HTMLElement>(`[data-tree-id="${CSS.escape(next)}"]`)?.focus();
  };

  // One set of drop handlers for every target: a target names itself in data-drop-target (the
  // section's id, '' for the top-level zone), so no handler is made during render.
  const targetOf = (e: DragEvent<HTMLElement>): string | null => e.currentTarget.dataset.dropTarget || null;
  const dropHandlers = {
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!dragged.current) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(targetOf(e) ?? 'top');
    },
    onDragLeave: () => setOver(null),
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.preventDefault();
      e.stopPropagation();
      setOver(null);
      const section = dragged.current;
      dragged.current = null;
      setDragging(false);
      if (section) onMove(section, targetOf(e));
    },
  };

  const row = (node: SectionNode, depth: number) => {
    const s = node.section;
    const movable = canWrite && !isReserved(s);
    const energy = s.energyConservationActReportSectionType;
    return (
      <li
        key={s.id}
        role="treeitem"
        aria-expanded={node.children.length > 0 ? true : undefined}
        aria-level={depth + 1}
        tabIndex={s.id === tabStop ? 0 : -1}
        onFocus={(e) => e.target === e.currentTarget && setFocusId(s.id)}
        onKeyDown={(e) => onRowKey(e, s.id)}
        data-tree-id={s.id}
      >
        <div
          className={`ghg-section-row${over === s.id ? ' ghg-drop-target' : ''}`}
          style={{ paddingLeft: 8 + depth * 24 }}
          draggable={movable}
          onDragStart={(e) => {
            e.dataTransfer.setData(DRAG_TYPE, s.id);
            e.dataTransfer.effectAllowed = 'move';
            dragged.current = s;
            setDragging(true);
          }}
          onDragEnd={() => {
            dragged.current = null;
            setDragging(false);
            setOver(null);
          }}
          {...dropHandlers}
          data-drop-target={s.id}
          data-testid={`section-row-${s.name}`}
        >
          <Icon icon={movable ? 'drag-handle-vertical' : isReserved(s) ? 'lock' : 'dot'} className="ghg-muted" />
          <Icon icon={node.children.length > 0 ? 'folder-open' : 'folder-close'} />
          <span className="ghg-section-name">{s.displayName}</span>
          {s.displayName !== s.name && <span className="bp6-text-muted">({s.name})</span>}
          {energy && (
            <Tag minimal intent="primary">
              {energy in energyTypeLabel ? t(energyTypeLabel[energy as keyof typeof energyTypeLabel]) : energy}
            </Tag>
          )}
          {s.inheritedEnergyConservationActReportSectionTypes.length > 0 && !energy && (
            <Tooltip content={t('companySection.inheritedHint')}>
              <Tag minimal>{t('companySection.inherited')}</Tag>
            </Tooltip>
          )}
          <span className="ghg-grow" />
          {canWrite && (
            <span className="ghg-row-actions">
              <Button variant="minimal" size="small" icon="add" aria-label={t('companySection.addChild')} title={t('companySection.addChild')} onClick={() => onAdd(s)} disabled={s.name === UNSPECIFIED_SECTION} data-testid={`section-add-${s.name}`} />
              <Button variant="minimal" size="small" icon="edit" aria-label={t('companySection.edit')} title={t('companySection.edit')} onClick={() => onEdit(s)} data-testid={`section-edit-${s.name}`} />
              <Button variant="minimal" size="small" icon="trash" intent="danger" aria-label={t('common.delete')} title={t('common.delete')} onClick={() => onDelete(s)} disabled={isReserved(s)} data-testid={`section-delete-${s.name}`} />
            </span>
          )}
        </div>
        {node.children.length > 0 && <ul role="group">{node.children.map((c) => row(c, depth + 1))}</ul>}
      </li>
    );
  };

  return (
    <div className="ghg-section-tree">
      {canWrite && (
        <div className={`ghg-section-top-zone${over === 'top' ? ' ghg-drop-target' : ''}${dragging ? ' ghg-dragging' : ''}`} {...dropHandlers} data-drop-target="" data-testid="section-top-zone">
          <Icon icon="arrow-up" /> {t('companySection.dropTopLevel')}
        </div>
      )}
      <ul role="tree" aria-label={t('route.emission.setting.companySection')} ref={tree}>
        {nodes.map((n) => row(n, 0))}
      </ul>
    </div>
  );
}

function hasRow(nodes: readonly SectionNode[], id: string): boolean {
  return nodes.some((n) => n.section.id === id || hasRow(n.children, id));
}
