let input = '';
process.stdin.on('data', (d) => (input += d)).on('end', () => {
  const s = JSON.parse(input || '{}');
  const model = s.model?.display_name || 'claude';
  const cost = s.cost?.total_cost_usd != null ? `$${s.cost.total_cost_usd.toFixed(2)}` : '';
  process.stdout.write(`${model} ${cost}`);
});
