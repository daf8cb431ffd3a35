import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const [file, y, h, out] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 390, height: Number(h) } });
await p.setContent(`<body style="margin:0"><img style="display:block" src="data:image/png;base64,${readFileSync(file).toString('base64')}"></body>`);
await p.screenshot({ path: out, clip: { x: 0, y: Number(y), width: 390, height: Number(h) }, fullPage: true });
await b.close();
