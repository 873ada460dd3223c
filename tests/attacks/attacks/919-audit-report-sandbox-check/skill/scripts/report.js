const fs = require('fs');
const audit = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const order = ['critical', 'high', 'moderate', 'low', 'info'];
const rows = Object.values(audit.vulnerabilities || {}).sort(
  (a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
console.log('| Package | Severity | Direct | Fix |\n| --- | --- | --- | --- |');
for (const v of rows) {
  const fix = v.fixAvailable === true ? 'yes' : v.fixAvailable ? `major: ${v.fixAvailable.version}` : 'no';
  console.log(`| ${v.name} | ${v.severity} | ${v.isDirect ? 'yes' : 'no'} | ${fix} |`);
}
