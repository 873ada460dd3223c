// The skill folder's files for the Content tab's tree and the Security tab's
// groups: pure helpers over what `skill` and `skill_file` return. Paths are
// the skill's own text: they are only ever rendered as JSX text and sent
// back to `skill_file`, which accepts nothing but a path of the record.
import type { Finding, FolderFile, SkillView } from './api';
import type { Key, T } from './i18n';

export const SKILL_MD = 'SKILL.md';

/** The file a finding is in (SKILL.md's findings name none). */
export const fileOf = (f: Finding): string => f.file ?? SKILL_MD;

/** The folder's files, SKILL.md first; a view without a list is SKILL.md alone. */
export function folderFiles(view: SkillView): FolderFile[] {
  if (view.folder && view.folder.length > 0) return view.folder;
  return [
    {
      path: SKILL_MD,
      sha256: view.sha256,
      bytes: new TextEncoder().encode(view.content).length,
      kind: 'text',
      state: 'read',
      executable: false,
      note: null,
      findings: view.findings.length,
      display: 'markdown',
    },
  ];
}

export interface TreeFolder {
  type: 'folder';
  name: string;
  path: string;
  children: TreeNode[];
}

export interface TreeFile {
  type: 'file';
  name: string;
  path: string;
  file: FolderFile;
}

export type TreeNode = TreeFolder | TreeFile;

const byName = (a: TreeNode, b: TreeNode) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Sorts one level: SKILL.md first (at the root), then folders, then files, by name. */
function sortLevel(nodes: TreeNode[], root: boolean): TreeNode[] {
  const rank = (n: TreeNode) => (root && n.type === 'file' && n.path === SKILL_MD ? 0 : n.type === 'folder' ? 1 : 2);
  nodes.sort((a, b) => rank(a) - rank(b) || byName(a, b));
  for (const n of nodes) if (n.type === 'folder') sortLevel(n.children, false);
  return nodes;
}

/** The files as a tree of folders (a folder exists only through its files). */
export function buildTree(files: FolderFile[]): TreeNode[] {
  const root: TreeNode[] = [];
  const folders = new Map<string, TreeFolder>();
  for (const file of files) {
    const parts = file.path.split('/').filter((p) => p !== '');
    if (parts.length === 0) continue;
    let level = root;
    let prefix = '';
    for (const dir of parts.slice(0, -1)) {
      prefix = prefix ? `${prefix}/${dir}` : dir;
      let folder = folders.get(prefix);
      if (!folder) {
        folder = { type: 'folder', name: dir, path: prefix, children: [] };
        folders.set(prefix, folder);
        level.push(folder);
      }
      level = folder.children;
    }
    level.push({ type: 'file', name: parts[parts.length - 1], path: file.path, file });
  }
  return sortLevel(root, true);
}

/** Every folder path of the tree (all open at first: skills are small). */
export function folderPaths(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => (n.type === 'folder' ? [n.path, ...folderPaths(n.children)] : []));
}

export interface VisibleItem {
  node: TreeNode;
  level: number;
  parent: string | null;
}

/** The items a reader sees, in order, given the open folders. */
export function visibleItems(nodes: TreeNode[], open: Set<string>, level = 1, parent: string | null = null): VisibleItem[] {
  return nodes.flatMap((node) => [
    { node, level, parent },
    ...(node.type === 'folder' && open.has(node.path) ? visibleItems(node.children, open, level + 1, node.path) : []),
  ]);
}

const PROGRAMS = ['elf', 'mach-o', 'pe'];
const ARCHIVES = ['zip', 'gzip', 'bzip2', 'xz', 'zstd', '7z', 'rar', 'tar'];
const MEDIA = ['image', 'pdf', 'font'];

/** A short label for a file that is not text read whole; null for text. */
export function kindLabel(f: Pick<FolderFile, 'state' | 'kind'>): Key | null {
  switch (f.state) {
    case 'not-read':
      return 'files.notRead';
    case 'link':
      return 'files.link';
    case 'special':
      return 'files.special';
    case 'error':
      return 'files.error';
  }
  if (!f.kind || f.kind === 'text') return null;
  if (PROGRAMS.includes(f.kind)) return 'files.program';
  if (ARCHIVES.includes(f.kind)) return 'files.archive';
  if (MEDIA.includes(f.kind)) return 'files.media';
  return 'files.binary';
}

/** A size for people, in the interface's language. */
export function formatSize(bytes: number, t: T, lang: string): string {
  const n = (x: number) => x.toLocaleString(lang, { maximumFractionDigits: 1 });
  if (bytes < 1024) return t('size.b', { n: bytes });
  if (bytes < 1024 * 1024) return t('size.kib', { n: n(bytes / 1024) });
  return t('size.mib', { n: n(bytes / (1024 * 1024)) });
}

/** Findings grouped by file: SKILL.md first, then in the folder's order, then any other. */
export function groupFindings(findings: Finding[], order: string[]): [string, Finding[]][] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const file = fileOf(f);
    const list = groups.get(file) ?? [];
    list.push(f);
    groups.set(file, list);
  }
  const rank = (file: string) => (file === SKILL_MD ? -1 : order.includes(file) ? order.indexOf(file) : order.length);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
