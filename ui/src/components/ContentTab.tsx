// The whole SKILL.md, rendered or as numbered source. The rendered view is
// the UI's ONLY raw-HTML insertion: `content_html` comes sanitized from Rust,
// and its links are intercepted here (and by the document-level guard) so
// the webview never follows them.
import { useEffect, useMemo } from 'preact/hooks';
import type { SkillView } from '../api';
import { useT } from '../i18n';
import { guardLinkClick } from '../links';
import { revealInvisible, splitLines } from '../text';
import { Note } from './common';

export type ContentMode = 'rendered' | 'source';

export function ContentTab({
  view,
  mode,
  setMode,
  line,
}: {
  view: SkillView;
  mode: ContentMode;
  setMode: (m: ContentMode) => void;
  line: number | null;
}) {
  const t = useT();
  return (
    <div class="content-tab">
      <div class="view-switch" role="group" aria-label={t('content.view')}>
        <button data-testid="content-rendered" aria-pressed={mode === 'rendered'} onClick={() => setMode('rendered')}>
          {t('content.rendered')}
        </button>
        <button data-testid="content-source" aria-pressed={mode === 'source'} onClick={() => setMode('source')}>
          {t('content.source')}
        </button>
      </div>
      <Note>{t('content.onlySkillMd')}</Note>
      {mode === 'rendered' ? (
        <div
          id="content-html"
          class="markdown"
          onClick={guardLinkClick}
          onAuxClick={guardLinkClick}
          dangerouslySetInnerHTML={{ __html: view.content_html }}
        />
      ) : (
        <SourceView content={view.content} line={line} />
      )}
    </div>
  );
}

function SourceView({ content, line }: { content: string; line: number | null }) {
  const t = useT();
  const lines = useMemo(() => splitLines(content), [content]);

  useEffect(() => {
    if (line == null) return;
    const el = document.getElementById(`L${line}`);
    el?.scrollIntoView?.({ block: 'center' });
  }, [line, lines]);

  return (
    <div class="source-view" role="region" aria-label="SKILL.md">
      {lines.map((text, i) => {
        const n = i + 1;
        return (
          <div key={n} id={`L${n}`} class={`line${n === line ? ' target' : ''}`} aria-current={n === line ? 'true' : undefined}>
            <span class="ln" aria-hidden="true">
              {n}
            </span>
            <code class="code">
              {revealInvisible(text).map((p, j) =>
                p.hidden ? (
                  <span key={j} class="invisible-char" title={t('content.hiddenChar')}>
                    {p.text}
                  </span>
                ) : (
                  p.text
                ),
              )}
            </code>
          </div>
        );
      })}
    </div>
  );
}
