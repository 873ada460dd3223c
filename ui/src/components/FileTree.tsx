// The skill folder as a tree (WAI-ARIA tree pattern): folders open and
// close, one item is in the tab order, arrows move between the visible
// items, Right/Left open, close or move to the parent, Home/End, and
// Enter/Space show a file. Names and paths are the skill's own text: JSX
// text only.
import { useMemo, useRef, useState } from 'preact/hooks';
import type { FolderFile } from '../api';
import { buildTree, folderPaths, formatSize, kindLabel, visibleItems, type TreeNode } from '../files';
import { useT } from '../i18n';
import { app } from '../state';
import { useStore } from '../store';

export function FileTree({
  files,
  selected,
  onSelect,
}: {
  files: FolderFile[];
  selected: string;
  onSelect: (path: string) => void;
}) {
  const t = useT();
  const tree = useMemo(() => buildTree(files), [files]);
  const [open, setOpen] = useState<Set<string>>(() => new Set(folderPaths(tree)));
  const [focused, setFocused] = useState<string>(selected);
  const root = useRef<HTMLUListElement>(null);
  const items = visibleItems(tree, open);
  // The item in the tab order: the focused one while visible, else the selected file.
  const current = items.some((i) => i.node.path === focused) ? focused : selected;

  const focus = (path: string) => {
    setFocused(path);
    const el = [...(root.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [])].find(
      (e) => e.dataset.path === path,
    );
    el?.focus();
  };

  const toggle = (path: string, to?: boolean) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (to ?? !next.has(path)) next.add(path);
      else next.delete(path);
      return next;
    });
  };

  const activate = (node: TreeNode) => {
    if (node.type === 'folder') toggle(node.path);
    else onSelect(node.path);
    setFocused(node.path);
  };

  const onKey = (e: KeyboardEvent) => {
    const at = items.findIndex((i) => i.node.path === current);
    if (at < 0) return;
    const item = items[at];
    const node = item.node;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        if (at + 1 < items.length) focus(items[at + 1].node.path);
        break;
      case 'ArrowUp':
        if (at > 0) focus(items[at - 1].node.path);
        break;
      case 'Home':
        focus(items[0].node.path);
        break;
      case 'End':
        focus(items[items.length - 1].node.path);
        break;
      case 'ArrowRight':
        if (node.type === 'folder') {
          if (!open.has(node.path)) toggle(node.path, true);
          else if (node.children.length > 0) focus(node.children[0].path);
        }
        break;
      case 'ArrowLeft':
        if (node.type === 'folder' && open.has(node.path)) toggle(node.path, false);
        else if (item.parent) focus(item.parent);
        break;
      case 'Enter':
      case ' ':
        activate(node);
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const render = (nodes: TreeNode[], level: number) =>
    nodes.map((node) => {
      const isFolder = node.type === 'folder';
      const expanded = isFolder && open.has(node.path);
      const file = node.type === 'file' ? node.file : null;
      const kind = file ? kindLabel(file) : null;
      return (
        <li
          key={node.path}
          role="treeitem"
          data-path={node.path}
          data-type={node.type}
          aria-level={level}
          aria-expanded={isFolder ? expanded : undefined}
          aria-selected={isFolder ? undefined : node.path === selected}
          tabIndex={node.path === current ? 0 : -1}
          onClick={(e) => {
            e.stopPropagation();
            activate(node);
          }}
          onFocus={(e) => {
            if (e.target === e.currentTarget) setFocused(node.path);
          }}
        >
          <div class={`tree-row${!isFolder && node.path === selected ? ' selected' : ''}`} style={{ paddingLeft: `${(level - 1) * 1.1 + 0.4}rem` }}>
            <span class="tree-icon" aria-hidden="true">
              {isFolder ? (expanded ? '▾' : '▸') : ''}
            </span>
            <span class="tree-name">{node.name}</span>
            {file && file.executable && <span class="tree-chip" title={t('files.executable')}>x</span>}
            {kind && <span class={`tree-chip kind kind-${file?.state === 'read' ? 'binary' : file?.state}`}>{t(kind)}</span>}
            {file && file.findings > 0 && (
              <span class="tree-count" data-testid="file-findings" title={t('files.findings', { n: file.findings })}>
                {file.findings}
                <span class="sr-only"> {t('files.findings', { n: file.findings })}</span>
              </span>
            )}
          </div>
          {isFolder && expanded && (
            <ul role="group">{render(node.children, level + 1)}</ul>
          )}
        </li>
      );
    });

  return (
    <nav class="file-tree" aria-label={t('files.tree')}>
      <div class="tree-head">
        {t('files.tree')} <span class="hint">({t('files.count', { n: files.length })})</span>
      </div>
      <ul role="tree" aria-label={t('files.tree')} ref={root} onKeyDown={onKey} data-testid="file-tree">
        {render(tree, 1)}
      </ul>
    </nav>
  );
}

/** One file's facts in a line: size, kind, execute bit. */
export function FileFacts({ file }: { file: Pick<FolderFile, 'bytes' | 'kind' | 'state' | 'executable'> }) {
  const t = useT();
  const { lang } = useStore(app);
  const kind = kindLabel(file);
  return (
    <span class="file-facts">
      {formatSize(file.bytes, t, lang)}
      {kind && <> · {t(kind)}{file.kind && file.kind !== 'binary' && file.state === 'read' ? ` (${file.kind})` : ''}</>}
      {file.executable && <> · {t('files.executable')}</>}
    </span>
  );
}
