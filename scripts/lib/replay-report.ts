/**
 * One HTML page QA opens after `npm run replay -- --all --browser`: every journey with its verdict, each step's
 * verdict and time, its screenshots (1280 and 360 px, the failed page's own), axe's findings and what the
 * server stored. Plain HTML and CSS, no script: it opens from the file system.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StepVerdict } from './replay-journey';

export interface ReportedJourney {
  file: string;
  name: string;
  ok: boolean;
  /** Why it failed when no step says so (it ended early), or a problem found after the walk. */
  problems: string[];
  verdicts: StepVerdict[];
  screenshots: string[];
  axe: string[];
  ms: number;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The screenshots of entry `index` (0-based) at `step`: `<nn>-<step>@<width>.png`, `<nn>-<step>-received@...`, `<nn>-<step>-FAILED.png`. */
function shotsOf(journey: ReportedJourney, index: number, step: string, dir: string): string[] {
  const prefix = `${String(index + 1).padStart(2, '0')}-${step}`;
  const failed = path.join(dir, `${prefix}-FAILED.png`);
  return [...journey.screenshots.filter((s) => path.basename(s).startsWith(prefix)), ...(fs.existsSync(failed) ? [failed] : [])];
}

/** Writes the report to `file` and returns its path; screenshots are linked relative to it. */
export function writeReplayReport(file: string, journeys: ReportedJourney[], screenshotDir: (journey: ReportedJourney) => string): string {
  const rel = (p: string) => path.relative(path.dirname(file), p).split(path.sep).join('/');
  const passed = journeys.filter((j) => j.ok).length;
  const sections = journeys.map((j) => {
    const rows = j.verdicts
      .map((v, i) => {
        const shots = shotsOf(j, i, v.step, screenshotDir(j))
          .map((s) => `<a href="${escape(rel(s))}"><img src="${escape(rel(s))}" alt="${escape(`${v.step}, ${path.basename(s, '.png')}`)}" loading="lazy"></a>`)
          .join('');
        return `<tr class="${v.verdict === 'FAILED' ? 'bad' : ''}"><td>${i + 1}</td><td>${escape(v.step)}</td><td>${escape(v.verdict)}</td><td>${escape(v.detail)}</td><td>${v.ms} ms</td><td class="shots">${shots}</td></tr>`;
      })
      .join('\n');
    const problems = [...j.problems, ...j.axe.map((a) => `axe: ${a}`)].map((p) => `<li>${escape(p)}</li>`).join('');
    return `<section id="${escape(path.basename(j.file, '.json'))}">
<h2><span class="${j.ok ? 'ok' : 'bad'}">${j.ok ? 'PASSED' : 'FAILED'}</span> ${escape(j.name)}</h2>
<p>${escape(j.file)}: ${j.verdicts.length} steps in ${(j.ms / 1000).toFixed(1)} s</p>
${problems ? `<ul class="problems">${problems}</ul>` : ''}
<table><thead><tr><th>#</th><th>step</th><th>verdict</th><th>detail</th><th>time</th><th>screenshots</th></tr></thead><tbody>
${rows}
</tbody></table></section>`;
  });
  const index = journeys.map((j) => `<li><a href="#${escape(path.basename(j.file, '.json'))}">${escape(j.name)}</a>: <span class="${j.ok ? 'ok' : 'bad'}">${j.ok ? 'passed' : 'FAILED'}</span></li>`).join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Journey replay: ${passed} of ${journeys.length} passed</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem; color: #1a1a1a; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2.5rem; }
table { border-collapse: collapse; width: 100%; } th, td { border-bottom: 1px solid #ddd; padding: .4rem; text-align: left; vertical-align: top; }
.ok { color: #1b5e20; font-weight: 600; } .bad { color: #b71c1c; font-weight: 600; } tr.bad td { background: #fdecea; }
.shots img { height: 120px; border: 1px solid #ccc; margin-right: .3rem; } .problems { color: #b71c1c; }
</style></head>
<body><main>
<h1>Journey replay in Chromium: ${passed} of ${journeys.length} passed</h1>
<p>Written ${escape(new Date().toISOString())} by <code>npm run replay -- --browser</code>. Each step's page is photographed at 1280 and 360 px and checked by axe; a failed step has its page as it was.</p>
<ul>${index}</ul>
${sections.join('\n')}
</main></body></html>
`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  return file;
}
