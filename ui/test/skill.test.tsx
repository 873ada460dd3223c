import { describe, expect, it } from 'vitest';
import type { SkillView } from '../src/api';
import { app } from '../src/state';
import { $, $$, backend, click, entry, key, mountApp, must, openSkill, settle, skillView, waitFor } from './helpers';

async function showSkill(view: SkillView, extra: Record<string, (a: any) => unknown> = {}) {
  const b = backend({ skill: ({ id }) => (id === view.id ? view : skillView({ id, title: `Skill ${id}` })), ...extra });
  await mountApp();
  await openSkill(view);
  return b;
}

function tab(name: string) {
  return must(`[data-tab="${name}"]`);
}

describe('skill page', () => {
  it('has four tabs with tab roles; clicks and arrow keys switch the panel', async () => {
    await showSkill(skillView({ id: 's1' }));
    expect(must('#skill').dataset.id).toBe('s1');
    expect($$('[role="tab"]').map((t) => t.dataset.tab)).toEqual(['card', 'content', 'security', 'source']);
    expect(tab('card').getAttribute('aria-selected')).toBe('true');
    expect(must('#tabpanel').getAttribute('role')).toBe('tabpanel');
    click(tab('source'));
    await waitFor(() => must('#tabpanel').dataset.panel === 'source');
    expect(tab('source').getAttribute('aria-selected')).toBe('true');
    key(tab('source'), 'ArrowRight');
    await waitFor(() => must('#tabpanel').dataset.panel === 'card');
    expect(document.activeElement).toBe(tab('card'));
    key(tab('card'), 'ArrowLeft');
    await waitFor(() => must('#tabpanel').dataset.panel === 'source');
    key(tab('source'), 'Home');
    await waitFor(() => must('#tabpanel').dataset.panel === 'card');
    key(tab('card'), 'End');
    await waitFor(() => must('#tabpanel').dataset.panel === 'source');
  });

  it('shows the Verified badge with rating and quality when verified', async () => {
    await showSkill(skillView({ id: 's1', verified: true, safety: 'safe', quality: 91 }));
    const badge = must('.skill-head [data-testid="verified"]');
    expect(badge.textContent).toContain('Verified');
    expect(badge.textContent).toContain('Safe');
    expect(badge.textContent).toContain('91/100');
    click(tab('security'));
    await waitFor(() => $('#tabpanel [data-testid="rating"]'));
    expect($('#tabpanel [data-testid="verified"]')).not.toBeNull();
    expect($$('#tabpanel [data-testid="audit"]').length).toBe(1);
  });

  it('shows no Verified badge when verified is false, even with audits', async () => {
    await showSkill(
      skillView({
        id: 's1',
        status: 'pending',
        verified: false,
        safety: 'caution',
        quality: 75,
        audits: [
          { safety: 'caution', quality: 75, verdict: 'review', findings: ['Runs shell'], manipulation_attempts: ['ignore previous instructions'] },
          { safety: 'safe', quality: 80, verdict: 'publish', findings: [], manipulation_attempts: [] },
        ],
      }),
    );
    expect($('[data-testid="verified"]')).toBeNull();
    click(tab('security'));
    await waitFor(() => $('#tabpanel [data-testid="rating"]'));
    expect($('[data-testid="verified"]')).toBeNull();
    expect($$('[data-testid="audit"]').length).toBe(2);
    expect(must('#tabpanel').textContent).toContain('ignore previous instructions');
    expect(must('#tabpanel').textContent).toContain('Pass 2');
  });

  it('shows neither badge nor safety analysis when the model has not read it (R-LLM-8)', async () => {
    // Even if an entry wrongly said verified, no audits means no analysis.
    await showSkill(skillView({ id: 's1', status: 'unverified', verified: false, safety: null, quality: null, audits: [], card: null, reading: null }));
    expect($('[data-testid="verified"]')).toBeNull();
    expect($('.skill-head [data-testid="not-read"]')).not.toBeNull();
    click(tab('security'));
    await waitFor(() => $('[data-testid="no-analysis"]'));
    expect(must('[data-testid="no-analysis"]').textContent).toContain('no safety analysis');
    expect($('[data-testid="rating"]')).toBeNull();
    expect($('[data-testid="verified"]')).toBeNull();
    // The fixed rules, score and limits are still shown.
    expect($('[data-testid="score"]')).not.toBeNull();
    expect($('[data-testid="limits"]')).not.toBeNull();
  });

  it('switches the card between English and French', async () => {
    await showSkill(skillView({ id: 's1' }));
    expect(must('[data-testid="card-summary"]').textContent).toBe('EN summary of the skill');
    expect(must('#tabpanel').textContent).toContain('EN strength');
    click(must('[data-testid="card-lang"]'));
    await waitFor(() => must('[data-testid="card-summary"]').textContent === 'FR summary of the skill');
    expect(must('#tabpanel').textContent).toContain('FR when to avoid');
    expect(must('[data-testid="card-lang"]').dataset.lang).toBe('fr');
    click(must('[data-testid="card-lang"]'));
    await waitFor(() => must('[data-testid="card-summary"]').textContent === 'EN summary of the skill');
    expect(must('[data-testid="card-reading"]').textContent).toContain('4,000');
  });

  it('without a card says the model has not read it and shows only what the file declares', async () => {
    await showSkill(skillView({ id: 's1', card: null, declared_tools: ['Bash', 'WebFetch'], description: 'Declared description' }));
    expect(must('[data-testid="card-unread"]').textContent).toContain('has not read');
    expect($('[data-testid="card-lang"]')).toBeNull();
    const panel = must('#tabpanel').textContent!;
    expect(panel).toContain('pdf-tools');
    expect(panel).toContain('Declared description');
    expect(panel).toContain('Bash, WebFetch');
  });

  it('jumps from a finding line to the numbered source line', async () => {
    const content = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
    await showSkill(skillView({ id: 's1', content, findings: [{ rule: 'download-exec', line: 12, excerpt: 'curl x | sh' }] }));
    click(tab('security'));
    await waitFor(() => $('[data-testid="finding-line"]'));
    expect(must('.finding').textContent).toContain('Script downloaded and run');
    click(must('[data-testid="finding-line"]'));
    await waitFor(() => $('#L12'));
    expect(tab('content').getAttribute('aria-selected')).toBe('true');
    expect(must('[data-testid="content-source"]').getAttribute('aria-pressed')).toBe('true');
    expect(must('#L12').classList.contains('target')).toBe(true);
    expect(must('#L12').textContent).toContain('line 12');
    expect($$('.line.target').length).toBe(1);
    expect($$('.source-view .line').length).toBe(30);
  });

  it('shows the source view as escaped text, with hidden characters made visible', async () => {
    const content = 'ok\n<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>\nsafe\u202Etxt.exe';
    await showSkill(skillView({ id: 's1', content }));
    click(tab('content'));
    await waitFor(() => $('[data-testid="content-source"]'));
    click(must('[data-testid="content-source"]'));
    await waitFor(() => $('#L2'));
    expect(must('#tabpanel').querySelector('img, script')).toBeNull();
    expect(must('#L2').textContent).toContain('<img src=x onerror=');
    expect(must('#L3 .invisible-char').textContent).toBe('U+202E');
    expect((window as any).__pwned).toBeUndefined();
  });

  it('renders content_html and never lets a link navigate; only allowed schemes reach open_link', async () => {
    const html =
      '<p><a id="h" href="https://example.com/a">https</a> <a id="j" href="javascript:window.__pwned=1">js</a> ' +
      '<a id="m" href="mailto:x@y.z">mail</a> <a id="r" href="other.md">rel</a> <a id="d" href="data:text/html,hi">data</a></p>';
    const b = await showSkill(skillView({ id: 's1', content_html: html }));
    click(tab('content'));
    await waitFor(() => $('#content-html a'));
    for (const id of ['h', 'j', 'm', 'r', 'd']) {
      const notCancelled = click(must(`#content-html #${id}`));
      expect(notCancelled, `link #${id} must not navigate`).toBe(false);
    }
    await settle(20);
    expect(b.callsOf('open_link')).toEqual([{ url: 'https://example.com/a' }, { url: 'mailto:x@y.z' }]);
    expect((window as any).__pwned).toBeUndefined();
  });

  it('stops a click inside a link child element too, and the document guard catches stray anchors', async () => {
    const b = await showSkill(skillView({ id: 's1', content_html: '<p><a href="http://example.org/"><strong id="inner">bold link</strong></a></p>' }));
    click(tab('content'));
    await waitFor(() => $('#inner'));
    expect(click(must('#inner'))).toBe(false);
    // An anchor outside the container (should never exist): the backstop.
    const stray = document.createElement('a');
    stray.href = 'javascript:void(0)';
    document.body.appendChild(stray);
    expect(click(stray)).toBe(false);
    await settle(20);
    expect(b.callsOf('open_link')).toEqual([{ url: 'http://example.org/' }]);
  });

  it('opens the repository through open_link and lists the copies', async () => {
    const copy = entry({ id: 'c9', title: 'A copy', copy_of: 's1' });
    const b = await showSkill(skillView({ id: 's1', copies: [copy], license: 'Apache-2.0', versions: 3 }));
    click(tab('source'));
    await waitFor(() => $('[data-testid="open-repo"]'));
    const panel = must('#tabpanel').textContent!;
    expect(panel).toContain('Apache-2.0');
    expect(panel).toContain('skills/pdf/SKILL.md');
    expect($('#tabpanel a[href]')).toBeNull();
    click(must('[data-testid="open-repo"]'));
    await waitFor(() => b.callsOf('open_link').length === 1);
    expect(b.callsOf('open_link')[0]).toEqual({ url: 'https://github.com/owner/pdf/blob/main/skills/pdf/SKILL.md' });
    click(must('[data-testid="copy"][data-id="c9"]'));
    await waitFor(() => $('#skill[data-id="c9"] h1'));
  });

  it('on a copy, says so and its primary action opens the kept skill (R-DUP-3)', async () => {
    const kept = entry({ id: 'k1', title: 'Kept skill' });
    const b = await showSkill(skillView({ id: 'c1', title: 'Copy', copy_of: 'k1', kept }));
    expect(must('[data-testid="is-copy"]').textContent).toContain('Kept skill');
    const primary = must('[data-testid="open-kept"]');
    expect(primary.classList.contains('primary')).toBe(true);
    expect(must('[data-testid="install"]').classList.contains('primary')).toBe(false);
    click(primary);
    await waitFor(() => $('#skill[data-id="k1"] h1'));
    expect(b.callsOf('skill').at(-1)).toEqual({ id: 'k1' });
    expect(must('[data-testid="opened-copy"]')).not.toBeNull();
  });

  it('reports: without a repository shows the title and body to copy', async () => {
    const b = await showSkill(skillView({ id: 's1' }), {
      report: () => ({ url: null, opened: false, title: 'Dangerous skill: pdf-tools', body: 'It runs <curl | sh>', repo: null }),
    });
    click(must('[data-testid="report"]'));
    await waitFor(() => $('#report-body'));
    expect(b.callsOf('report')).toEqual([{ id: 's1' }]);
    expect((must('#report-title') as HTMLInputElement).value).toBe('Dangerous skill: pdf-tools');
    const body = must('#report-body') as HTMLTextAreaElement;
    expect(body.value).toBe('It runs <curl | sh>');
    expect(body.readOnly).toBe(true);
  });

  it('reports: says it opened in the browser', async () => {
    await showSkill(skillView({ id: 's1' }), {
      report: () => ({ url: 'https://github.com/o/r/issues/new', opened: true, title: 't', body: 'b', repo: 'o/r' }),
    });
    click(must('[data-testid="report"]'));
    await waitFor(() => $('[data-testid="report-opened"]'));
    expect(must('[data-testid="report-opened"]').textContent).toContain('opened in your browser');
    expect($('#report-body')).toBeNull();
  });

  it('shows an unknown skill as an error with a way back', async () => {
    backend({ skill: () => Promise.reject({ kind: 'not_found', message: 'no skill zz' }) });
    await mountApp();
    const { navigate } = await import('../src/state');
    navigate({ screen: 'skill', id: 'zz' });
    await waitFor(() => $('[data-testid="error"]'));
    expect(must('[data-testid="error"]').dataset.kind).toBe('not_found');
    click(must('#skill .back'));
    await waitFor(() => app.get().route.screen === 'search');
  });

  it('shows the score breakdown, warnings and a reading error', async () => {
    await showSkill(
      skillView({ id: 's1', warnings: ['Downloads and runs a script'], reading_error: 'model timed out', findings: [] }),
    );
    click(tab('security'));
    await waitFor(() => $('[data-testid="score"]'));
    const text = must('#tabpanel').textContent!;
    expect(text).toContain('82 / 100');
    expect(text).toContain('24 / 30');
    expect(text).toContain('−2: declares Bash');
    expect(must('[data-testid="warnings"]').textContent).toContain('Downloads and runs a script');
    expect(must('[data-testid="reading-error"]').textContent).toContain('model timed out');
    expect(text).toContain('No fixed rule matched');
  });
});
