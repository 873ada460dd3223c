import { describe, expect, it } from 'vitest';
import type { ReadingInfo } from '../src/api';
import { auditScope } from '../src/components/CardTab';
import { translate, type Key } from '../src/i18n';
import { $, backend, mountApp, must, openSkill, skillView, waitFor } from './helpers';

const reading: ReadingInfo = {
  version: '2',
  audit_chars: 40000,
  card_chars: 4000,
  audit_truncated: true,
  audit_files: ['SKILL.md', 'scripts/a.py', 'scripts/b.sh', 'references/r.md'],
  audit_cut: 'references/r.md',
  audit_left_out: [
    { path: 'assets/big.csv', bytes: 90000, why: 'over-budget' },
    { path: 'bin/tool\u202E', bytes: 8000, why: 'binary', kind: 'elf' },
  ],
  model: 'fake-model',
};

const en = (key: Key, params?: Record<string, string | number>) => translate('en', key, params);
const fr = (key: Key, params?: Record<string, string | number>) => translate('fr', key, params);

describe('what the audit read (R-LLM-7)', () => {
  it('says it as show does, in English and French, hidden characters shown', () => {
    expect(auditScope(reading, en)).toBe(
      'The audit read SKILL.md and 3 of 5 files (references/r.md in part); not read: assets/big.csv (over the budget), bin/toolU+202E (binary, elf).',
    );
    expect(auditScope(reading, fr)).toBe(
      'L’audit a lu SKILL.md et 3 fichier(s) sur 5 (references/r.md en partie) ; non lus : assets/big.csv (au-delà du budget), bin/toolU+202E (binaire, elf).',
    );
    expect(auditScope({ ...reading, audit_files: ['SKILL.md'], audit_cut: null, audit_left_out: [] }, en)).toBe(
      'The audit read SKILL.md, the folder’s only file.',
    );
  });

  it('shows on the card, and not for a reading made before the audit read folders', async () => {
    const view = skillView({ id: 's1', reading });
    backend({ skill: () => view });
    await mountApp();
    await openSkill(view);
    await waitFor(() => $('[data-testid="audit-scope"]'));
    expect(must('[data-testid="audit-scope"]').textContent).toContain('The audit read SKILL.md and 3 of 5 files');
  });

  it('says nothing more for a version 1 reading', async () => {
    const view = skillView({ id: 's2', reading: { version: '1', audit_chars: 40000, card_chars: 4000 } });
    backend({ skill: () => view });
    await mountApp();
    await openSkill(view);
    await waitFor(() => $('[data-testid="card-reading"]'));
    expect($('[data-testid="audit-scope"]')).toBeNull();
  });
});
