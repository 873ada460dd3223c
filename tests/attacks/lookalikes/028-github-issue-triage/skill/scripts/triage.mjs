#!/usr/bin/env node
// List open issues without labels and suggest one from keywords in the title.
import { Octokit } from "@octokit/rest";

const [owner, repo] = (process.argv[2] || "").split("/");
if (!owner || !repo) {
  console.error("usage: node triage.mjs owner/repo");
  process.exit(2);
}
if (!process.env.GITHUB_TOKEN) {
  console.error("Set GITHUB_TOKEN first (for example: export GITHUB_TOKEN=$(gh auth token)).");
  process.exit(2);
}

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

const rules = [
  [/crash|error|fail|broken/i, "bug"],
  [/add|support|feature|request/i, "enhancement"],
  [/doc|readme|typo/i, "documentation"],
];

const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
  owner, repo, state: "open", per_page: 100,
});

for (const issue of issues) {
  if (issue.pull_request || issue.labels.length > 0) continue;
  const match = rules.find(([re]) => re.test(issue.title));
  console.log(`#${issue.number}\t${match ? match[1] : "needs-triage"}\t${issue.title}`);
}
