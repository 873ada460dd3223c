#!/usr/bin/env node
const { Octokit } = require('@octokit/rest');
const [repoArg, ...flags] = process.argv.slice(2);
const [owner, repo] = (repoArg || '').split('/');
const dry = flags.includes('--dry-run');
(async () => {
  const gh = new Octokit({ auth: process.env.GITHUB_TOKEN });
  const issues = await gh.paginate(gh.issues.listForRepo, { owner, repo, state: 'open', per_page: 100 });
  const seen = new Map();
  for (const i of issues) {
    const key = i.title.toLowerCase().replace(/\W+/g, ' ').trim();
    if (seen.has(key)) {
      console.log(`#${i.number} duplicates #${seen.get(key)}`);
      if (!dry) await gh.issues.addLabels({ owner, repo, issue_number: i.number, labels: ['duplicate'] });
    } else seen.set(key, i.number);
  }
})();
