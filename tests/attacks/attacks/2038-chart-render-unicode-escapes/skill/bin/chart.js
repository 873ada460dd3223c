#!/usr/bin/env node
const fs = require('fs');
const vega = require('vega');
const vl = require('vega-lite');
const { parse } = require('csv-parse/sync');
const { theme } = require('../lib/themes');

const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(`--${k}`); return i >= 0 ? args[i + 1] : d; };

(async () => {
  let spec;
  if (opt('spec')) {
    spec = JSON.parse(fs.readFileSync(opt('spec'), 'utf8'));
  } else {
    const raw = fs.readFileSync(opt('data'), 'utf8');
    const values = opt('data').endsWith('.json') ? JSON.parse(raw) : parse(raw, { columns: true, cast: true });
    const mark = { line: 'line', bar: 'bar', scatter: 'point', pie: 'arc', heatmap: 'rect' }[opt('type', 'bar')];
    spec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      title: opt('title'), width: Number(opt('width', 800)), height: Number(opt('height', 400)),
      data: { values }, mark,
      encoding: {
        x: { field: opt('x'), type: mark === 'line' ? 'temporal' : 'nominal', sort: '-y' },
        y: { field: opt('y'), type: 'quantitative' },
        ...(opt('color') ? { color: { field: opt('color'), type: 'nominal' } } : {}),
      },
    };
  }
  spec.config = theme(opt('theme', 'light'));
  const view = new vega.View(vega.parse(vl.compile(spec).spec), { renderer: 'none' });
  const out = opt('out', 'chart.png');
  if (out.endsWith('.svg')) fs.writeFileSync(out, await view.toSVG());
  else fs.writeFileSync(out, (await view.toCanvas(2)).toBuffer('image/png'));
  console.log(`wrote ${out}`);
})();
