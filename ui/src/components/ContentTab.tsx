// The skill folder: a tree of its files (SKILL.md first and selected) and
// the selected file. SKILL.md and other Markdown files are shown rendered or
// as numbered source; other text files as numbered source only; a binary,
// unread or link file says what it is and why it is not shown. Nothing is
// ever run. The only raw-HTML insertions of the UI are here: `content_html`
// and a Markdown file's `html`, both sanitized in Rust by the same renderer
// (crates/render), their links intercepted here (and by the
// document-level guard) so the webview never follows them. Other files'
// lines come escaped from the shell and are JSX text.
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, toApiError, type ApiError, type FileContent, type SkillView } from '../api';
import { folderFiles, SKILL_MD } from '../files';
import { useT } from '../i18n';
import { guardLinkClick } from '../links';
import { revealInvisible, splitLines } from '../text';
import { ErrorBox, Note } from './common';
import { FileFacts, FileTree } from './FileTree';

export type ContentMode = 'rendered' | 'source';

export function ContentTab({
  view,
  mode,
  setMode,
  line,
  file,
  setFile,
}: {
  view: SkillView;
  mode: ContentMode;
  setMode: (m: ContentMode) => void;
  /** The line to show, in `file`. */
  line: number | null;
  /** The selected file, when the page keeps it (else the tab does). */
  file?: string;
  setFile?: (path: string) => void;
}) {
  const t = useT();
  const [own, setOwn] = useState<string>(SKILL_MD);
  const current = file ?? own;
  const files = folderFiles(view);
  const selected = files.find((f) => f.path === current) ?? files.find((f) => f.path === SKILL_MD) ?? files[0];
  return (
    <div class="content-tab">
      <Note>{t('content.note')}</Note>
      {(view.files_pending ?? 0) > 0 && (
        <Note kind="warn" testid="files-pending">
          {t('content.pending', { n: view.files_pending ?? 0 })}
        </Note>
      )}
      <div class="content-layout">
        <FileTree files={files} selected={selected.path} onSelect={setFile ?? setOwn} />
        <div class="file-view" data-testid="file-view" data-path={selected.path}>
          <div class="file-head">
            <code class="file-path">{selected.path}</code> <FileFacts file={selected} />
          </div>
          {selected.path === SKILL_MD ? (
            <Markdownish
              mode={mode}
              setMode={setMode}
              html={view.content_html}
              htmlId="content-html"
              source={<SourceView lines={splitLines(view.content)} reveal label={SKILL_MD} line={line} />}
            />
          ) : (
            <OtherFile id={view.id} version={view.version ?? view.sha256} path={selected.path} mode={mode} setMode={setMode} line={line} />
          )}
        </div>
      </div>
    </div>
  );
}

/** The rendered/source switch over a Markdown file. */
function Markdownish({
  mode,
  setMode,
  html,
  htmlId,
  source,
}: {
  mode: ContentMode;
  setMode: (m: ContentMode) => void;
  html: string;
  htmlId?: string;
  source: ComponentChildren;
}) {
  const t = useT();
  return (
    <>
      <div class="view-switch" role="group" aria-label={t('content.view')}>
        <button data-testid="content-rendered" aria-pressed={mode === 'rendered'} onClick={() => setMode('rendered')}>
          {t('content.rendered')}
        </button>
        <button data-testid="content-source" aria-pressed={mode === 'source'} onClick={() => setMode('source')}>
          {t('content.source')}
        </button>
      </div>
      {mode === 'rendered' ? (
        <div
          id={htmlId}
          class="markdown"
          data-testid="file-rendered"
          onClick={guardLinkClick}
          onAuxClick={guardLinkClick}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        source
      )}
    </>
  );
}

/** A file other than SKILL.md, asked of the shell by its path in the record. */
function OtherFile({
  id,
  version,
  path,
  mode,
  setMode,
  line,
}: {
  id: string;
  version: string;
  path: string;
  mode: ContentMode;
  setMode: (m: ContentMode) => void;
  line: number | null;
}) {
  const t = useT();
  const [content, setContent] = useState<FileContent | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    let live = true;
    setContent(null);
    setError(null);
    api.skillFile(id, path).then(
      (c) => live && setContent(c),
      (e) => live && setError(toApiError(e)),
    );
    return () => {
      live = false;
    };
  }, [id, version, path]);

  if (error) return <ErrorBox error={error} />;
  if (!content || content.path !== path) {
    return (
      <p class="hint" aria-busy="true">
        {t('files.loading')}
      </p>
    );
  }
  if (content.display === 'none') {
    return (
      <div data-testid="file-not-shown">
        <Note kind="warn">{t(`files.why.${content.reason ?? 'missing'}`)}</Note>
        {content.note && <p class="hint file-note">{content.note}</p>}
      </div>
    );
  }
  const source = (
    <>
      {content.truncated && <Note kind="warn">{t('files.truncated', { n: content.lines.length, total: content.total_lines })}</Note>}
      <SourceView lines={content.lines} hidden={content.hidden_lines} label={path} line={line} />
    </>
  );
  if (content.display === 'markdown' && content.html != null) {
    return <Markdownish mode={mode} setMode={setMode} html={content.html} source={source} />;
  }
  return source;
}

/**
 * Numbered lines as JSX text. `reveal`: the lines are raw (SKILL.md's
 * content) and hidden characters are set apart here; otherwise they came
 * escaped from the shell and `hidden` names the lines that held some.
 */
function SourceView({
  lines,
  line,
  label,
  reveal = false,
  hidden = [],
}: {
  lines: string[];
  line: number | null;
  label: string;
  reveal?: boolean;
  hidden?: number[];
}) {
  const t = useT();
  const marked = useMemo(() => new Set(hidden), [hidden]);

  useEffect(() => {
    if (line == null) return;
    const el = document.getElementById(`L${line}`);
    el?.scrollIntoView?.({ block: 'center' });
  }, [line, lines]);

  return (
    <div class="source-view" role="region" aria-label={label} data-testid="source-view">
      {lines.map((text, i) => {
        const n = i + 1;
        const had = marked.has(n);
        return (
          <div
            key={n}
            id={`L${n}`}
            class={`line${n === line ? ' target' : ''}${had ? ' has-hidden' : ''}`}
            aria-current={n === line ? 'true' : undefined}
            title={had ? t('files.hiddenLine') : undefined}
          >
            <span class="ln" aria-hidden="true">
              {n}
            </span>
            <code class="code">
              {reveal
                ? revealInvisible(text).map((p, j) =>
                    p.hidden ? (
                      <span key={j} class="invisible-char" title={t('content.hiddenChar')}>
                        {p.text}
                      </span>
                    ) : (
                      p.text
                    ),
                  )
                : text}
            </code>
          </div>
        );
      })}
    </div>
  );
}
