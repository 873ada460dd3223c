// The safety analysis. The model's part exists only when it read this
// version (R-LLM-8); the fixed rules' findings, the score breakdown and the
// limits (R-LIM) are always shown. The findings are grouped by the file of
// the skill folder they are in, SKILL.md first; each one's line (or, for a
// finding on a whole file, the file) opens in the Content tab.
import type { Finding, SkillView } from '../api';
import { folderFiles, groupFindings } from '../files';
import { useT, type Key } from '../i18n';
import { Limits } from './Limits';
import { List, Note, SafetyChip, VerifiedBadge } from './common';

const RULES: Record<string, Key> = {
  'secret-key': 'rule.secret-key',
  'wipe-command': 'rule.wipe-command',
  'hidden-base64': 'rule.hidden-base64',
  'credential-exfiltration': 'rule.credential-exfiltration',
  'download-exec': 'rule.download-exec',
  'evaluator-manipulation': 'rule.evaluator-manipulation',
  'hidden-unicode': 'rule.hidden-unicode',
  'download-run-program': 'rule.download-run-program',
  'binary-file': 'rule.binary-file',
  'unsafe-link': 'rule.unsafe-link',
  'over-limit': 'rule.over-limit',
  'agent-config-poisoning': 'rule.agent-config-poisoning',
  'concealment': 'rule.concealment',
  'secret-shape': 'rule.secret-shape',
  'credential-send-instruction': 'rule.credential-send-instruction',
  'hidden-content': 'rule.hidden-content',
  'remote-instructions': 'rule.remote-instructions',
  'defense-evasion': 'rule.defense-evasion',
  'hidden-recipient': 'rule.hidden-recipient',
  'reverse-shell': 'rule.reverse-shell',
  'clipboard-hijack': 'rule.clipboard-hijack',
  cryptominer: 'rule.cryptominer',
  impersonation: 'rule.impersonation',
  'time-bomb': 'rule.time-bomb',
  'backdoor-key': 'rule.backdoor-key',
  'memory-dump': 'rule.memory-dump',
  'wallet-drainer': 'rule.wallet-drainer',
  'pickle-code': 'rule.pickle-code',
};

export function SecurityTab({ view, onLine }: { view: SkillView; onLine: (line: number, file: string) => void }) {
  const t = useT();
  const read = view.audits.length > 0;
  const warnings = view.warnings?.length ? view.warnings : view.decision?.warnings;
  const s = view.score;
  const d = view.score_details;
  return (
    <div class="security-tab">
      <section class="model-analysis">
        <h2>{t('sec.model')}</h2>
        {!read ? (
          <Note kind="warn" testid="no-analysis">
            {t('sec.notRead')}
          </Note>
        ) : (
          <>
            <div class="rating" data-testid="rating">
              {view.safety && <SafetyChip safety={view.safety} />}
              {view.quality != null && <span class="quality">{t('sec.quality', { n: view.quality })}</span>}
              <VerifiedBadge entry={view} />
            </div>
            {view.audits.map((a, i) => (
              <section key={i} class="audit" data-testid="audit">
                <h3>
                  {t('sec.pass', { n: i + 1 })} · {t(`safety.${a.safety}`)} · {t('sec.quality', { n: a.quality })} ·{' '}
                  {t(`verdict.${a.verdict}`)}
                </h3>
                {a.findings.length > 0 ? <List items={a.findings} /> : <p class="hint">{t('sec.noPoints')}</p>}
                {a.manipulation_attempts.length > 0 && (
                  <div class="manipulation">
                    <h4>{t('sec.manipulation')}</h4>
                    <List items={a.manipulation_attempts} />
                  </div>
                )}
              </section>
            ))}
          </>
        )}
        {view.reading_error && (
          <Note kind="error" testid="reading-error">
            {t('sec.readingError')} {view.reading_error}
          </Note>
        )}
        {view.decision?.reasons && view.decision.reasons.length > 0 && (
          <div class="reasons">
            <h3>{t('sec.decision')}</h3>
            <List items={view.decision.reasons} />
          </div>
        )}
      </section>

      <section class="fixed-rules">
        <h2>{t('sec.rules')}</h2>
        {view.findings.length === 0 ? (
          <p class="hint">{t('sec.noFindings')}</p>
        ) : (
          groupFindings(
            view.findings,
            folderFiles(view).map((f) => f.path),
          ).map(([file, found]) => <FileFindings key={file} file={file} findings={found} onLine={onLine} />)
        )}
        {warnings && warnings.length > 0 && (
          <div class="warnings" data-testid="warnings">
            <h3>{t('sec.warnings')}</h3>
            <List items={warnings} />
          </div>
        )}
        {view.errors && view.errors.length > 0 && (
          <div class="errors">
            <h3>{t('sec.errors')}</h3>
            <List items={view.errors} />
          </div>
        )}
      </section>

      <section class="score" data-testid="score">
        <h2>{t('sec.score')}</h2>
        <table class="score-table">
          <tbody>
            <tr>
              <th>{t('score.structure')}</th>
              <td>{s.structure} / 30</td>
            </tr>
            <tr>
              <th>{t('score.reputation')}</th>
              <td>{s.reputation} / 30</td>
            </tr>
            <tr>
              <th>{t('score.freshness')}</th>
              <td>{s.freshness} / 20</td>
            </tr>
            <tr>
              <th>{t('score.security')}</th>
              <td>{s.security} / 20</td>
            </tr>
            {s.awesome_bonus > 0 && (
              <tr>
                <th>{t('score.awesome')}</th>
                <td>+{s.awesome_bonus}</td>
              </tr>
            )}
            <tr class="total">
              <th>{t('score.total')}</th>
              <td>{s.total} / 100</td>
            </tr>
          </tbody>
        </table>
        {d && (
          <div class="score-details">
            <ul class="checks">
              {(['valid_header', 'purpose', 'when_to_use', 'instructions', 'rules'] as const).map((k) => (
                <li key={k} class={d.structure[k] ? 'ok' : 'missing'}>
                  <span aria-hidden="true">{d.structure[k] ? '✓' : '✗'}</span> {t(`check.${k}`)}
                  <span class="sr-only">{d.structure[k] ? t('check.found') : t('check.missing')}</span>
                </li>
              ))}
            </ul>
            <p class="hint">
              {d.age_days != null ? t('score.age', { n: d.age_days }) : t('score.noAge')}
            </p>
            {d.security_deductions.length > 0 && (
              <List items={d.security_deductions.map((x) => `−${x.points}: ${x.reason}`)} />
            )}
          </div>
        )}
      </section>

      <Limits />
    </div>
  );
}

/** One file's findings, under its path (a link to the file in the Content tab). */
function FileFindings({
  file,
  findings,
  onLine,
}: {
  file: string;
  findings: Finding[];
  onLine: (line: number, file: string) => void;
}) {
  const t = useT();
  return (
    <section class="file-findings" data-testid="file-findings-group" data-file={file}>
      <h3>
        <button
          class="link file-link"
          data-testid="finding-file"
          title={t('sec.openFile', { file })}
          onClick={() => onLine(0, file)}
        >
          <code>{file}</code>
        </button>{' '}
        <span class="tab-count">{findings.length}</span>
      </h3>
      <ul class="findings">
        {findings.map((f, i) => (
          <li key={i} class="finding" data-rule={f.rule} data-file={file}>
            <span class="rule">{RULES[f.rule] ? t(RULES[f.rule]) : f.rule}</span>
            <button
              class="line-link"
              data-testid="finding-line"
              data-line={f.line}
              data-file={file}
              onClick={() => onLine(f.line, file)}
            >
              {f.line > 0 ? t('sec.line', { n: f.line }) : t('sec.wholeFile')}
            </button>
            <code class="excerpt">{f.excerpt}</code>
            <FindingDetails finding={f} onLine={onLine} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What a finding says beyond its rule and line: a severity lowered for this
 * finding alone (with why), the decoded text of an evasion, and the other
 * end of a flow in code, linked to its file and line like the finding's own.
 */
function FindingDetails({ finding: f, onLine }: { finding: Finding; onLine: (line: number, file: string) => void }) {
  const t = useT();
  if (!f.lowered_to && !f.note && !f.decoded && !f.source) return null;
  const from = f.source ? (f.source.file ?? 'SKILL.md') : null;
  return (
    <div class="finding-details">
      {f.lowered_to && (
        <span class={`severity severity-${f.lowered_to}`} data-testid="finding-lowered">
          {t('sec.lowered', { severity: t(`severity.${f.lowered_to}`) })}
        </span>
      )}
      {f.note && (
        <span class="finding-note" data-testid="finding-note">
          {f.note}
        </span>
      )}
      {f.decoded && (
        <span class="decoded" data-testid="finding-decoded">
          {t('sec.decoded')} <code>{f.decoded}</code>
        </span>
      )}
      {f.source && from && (
        <span class="flow" data-testid="finding-flow">
          {t('sec.flowFrom')}{' '}
          <button
            class="line-link"
            data-testid="finding-source"
            data-line={f.source.line}
            data-file={from}
            title={t('sec.openFile', { file: from })}
            onClick={() => onLine(f.source!.line, from)}
          >
            <code>{from}</code> {f.source.line > 0 ? t('sec.line', { n: f.source.line }) : t('sec.wholeFile')}
          </button>{' '}
          <code class="excerpt">{f.source.excerpt}</code>
        </span>
      )}
    </div>
  );
}
