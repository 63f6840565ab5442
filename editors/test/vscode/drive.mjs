// Drives a real VS Code (code-server in headless Chromium) the way a person
// does, with the keyboard and the mouse, and prints what the page shows as
// JSON on stdout. editors/vscode_real_test.go starts code-server with the
// extension installed, runs this script and compares what it printed with
// `osmosis-lint check --format json`.
//
//   node drive.mjs CONFIG.json
//
// CONFIG: url (code-server, with ?folder=), chromium (the browser's path),
// workspace (the folder opened), shots (a directory for a screenshot of
// each step and of a failure), wrapper (an osmosis-lint for the path
// setting), broken (a binary that exits at start), missing (a path where
// no binary is).
//
// Every wait is bounded: a step that does not see what it waits for fails
// with a screenshot, and the script exits 1.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium } from 'playwright-core';

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const WAIT = 120_000; // a loaded CI machine is slow; each wait polls
const result = {};
let shot = 0;

// The loopback only: the page may reach code-server and nothing else.
const browser = await chromium.launch({
  executablePath: config.chromium,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
page.setDefaultTimeout(WAIT);
page.setDefaultNavigationTimeout(WAIT);
const origin = new URL(config.url).origin;
await page.route('**/*', (route) => {
  const u = route.request().url();
  return u.startsWith(origin + '/') || u.startsWith('data:') || u.startsWith('blob:') ? route.continue() : route.abort();
});

async function snap(name) {
  shot += 1;
  await page.screenshot({ path: path.join(config.shots, `${String(shot).padStart(2, '0')}-${name}.png`) }).catch(() => undefined);
}

async function step(name, fn) {
  process.stderr.write(`drive: ${name}\n`);
  try {
    await fn();
  } catch (err) {
    await snap(`FAILED-${name}`);
    throw new Error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
  await snap(name);
}

// waitFor polls fn until it returns a value other than undefined.
async function waitFor(what, fn, timeout = WAIT) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn();
    if (last !== undefined) {
      return last;
    }
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await page.waitForTimeout(500);
  }
}

async function closed() {
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: WAIT });
}

async function command(name) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: WAIT });
  await input.fill(`>${name}`);
  await waitFor(`the command "${name}"`, async () => {
    const labels = await page.locator('.quick-input-widget .monaco-list-row').allInnerTexts();
    return labels.some((l) => l.includes(name)) ? true : undefined;
  });
  await page.keyboard.press('Enter');
  await closed();
}

async function openFile(rel) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: WAIT });
  await input.fill(rel);
  await waitFor(`${rel} in Quick Open`, async () => {
    const rows = await page.locator('.quick-input-widget .monaco-list-row').count();
    return rows > 0 ? true : undefined;
  });
  await page.keyboard.press('Enter');
  await closed();
  await page.locator(`.tab[aria-label^="${path.basename(rel)}"]`).first().waitFor({ timeout: WAIT });
  await page.locator('.monaco-editor .view-lines').first().click();
}

async function gotoLine(line, column) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: WAIT });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await closed();
}

// problems reads the Problems panel: one entry per marker row, with the
// file of the resource row above it.
async function problems() {
  return page.evaluate(() => {
    const out = [];
    let file = '';
    for (const row of document.querySelectorAll('.markers-panel .monaco-list-row')) {
      const label = row.getAttribute('aria-label') ?? '';
      if (row.getAttribute('aria-level') === '1') {
        file = row.querySelector('.label-name')?.textContent ?? label;
        continue;
      }
      const m = /^(Error|Warning|Info): ([\s\S]*) at line (\d+) and character (\d+)\./.exec(label);
      if (m !== null) {
        out.push({ file, severity: m[1].toLowerCase(), message: m[2], line: Number(m[3]), column: Number(m[4]) });
      } else if (row.getAttribute('aria-level') === '2') {
        out.push({ file, label });
      }
    }
    return out;
  });
}

// waitProblems waits until the Problems panel shows want(rows) and has not
// changed for two polls.
async function waitProblems(what, want) {
  let prev = '';
  return waitFor(what, async () => {
    const rows = await problems();
    const key = JSON.stringify(rows);
    const ok = want(rows) && key === prev;
    prev = key;
    return ok ? rows : undefined;
  });
}

// notifications reads the notification toasts, or with center the
// notification center, which lists every notification not cleared.
async function notifications(center = false) {
  const where = center ? '.notifications-center' : '.notifications-toasts';
  return page.locator(`${where} .notification-list-item`).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') || e.textContent || ''));
}

async function setPath(value) {
  const dir = path.join(config.workspace, '.vscode');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ 'osmosisLint.path': value }, null, 2) + '\n');
}

try {
  await step('open', async () => {
    await page.goto(config.url, { waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });
    await page.locator('.explorer-folders-view').waitFor({ timeout: WAIT });
  });

  // A person opens a config; the workspace's other configs are reported too.
  await step('problems', async () => {
    await openFile('configs/training/multiply-long.toml');
    await command('View: Focus Problems');
    await command('View: Toggle Maximized Panel');
    result.problems = await waitProblems('the findings of all configs', (rows) => new Set(rows.map((r) => r.file)).size >= config.files);
    await command('View: Toggle Maximized Panel');
  });

  await step('hover', async () => {
    await page.locator('.monaco-editor .view-lines').first().click();
    await gotoLine(config.hover.line, config.hover.column);
    await command('Show or Focus Hover');
    result.hover = await waitFor('a hover', async () => {
      const text = await page.locator('.monaco-hover .hover-contents, .monaco-hover .rendered-markdown').allInnerTexts();
      const all = text.join('\n').trim();
      return all === '' ? undefined : all;
    });
    await page.keyboard.press('Escape');
  });

  await step('completion', async () => {
    await page.locator('.monaco-editor .view-lines').first().click();
    await gotoLine(config.completion.line, 1);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(config.completion.prefix, { delay: 30 });
    await page.keyboard.press('Control+Space');
    result.completion = await waitFor('completion items', async () => {
      const rows = await page.locator('.suggest-widget .monaco-list-row').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      return rows.length > 0 ? rows : undefined;
    });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+K'); // delete the typed line
  });

  // Typing a mistake shows its finding without saving.
  await step('typing', async () => {
    await gotoLine(config.typing.line, 1);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(config.typing.text, { delay: 30 });
    await page.keyboard.press('Escape');
    result.typed = await waitProblems('the finding of the typed line', (rows) => rows.some((r) => r.message?.includes(config.typing.expect)));
    await page.keyboard.press('Control+Shift+K');
    result.untyped = await waitProblems('the typed finding to go', (rows) => !rows.some((r) => r.message?.includes(config.typing.expect)));
  });

  await step('quick-fix', async () => {
    await gotoLine(config.fix.line, config.fix.column);
    await page.keyboard.press('Control+.');
    const items = page.locator('.action-widget .monaco-list-row');
    result.fixes = await waitFor('code actions', async () => {
      const labels = await items.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') || e.textContent || ''));
      return labels.length > 0 ? labels : undefined;
    });
    await items.filter({ hasText: config.fix.title }).first().click();
    result.fixed = await waitProblems('the fixed finding to go', (rows) => !rows.some((r) => r.message?.includes(config.fix.gone)));
    await page.keyboard.press('Control+S');
    await waitFor('the saved file', async () => ((await page.locator('.tab.dirty').count()) === 0 ? true : undefined));
  });

  // The path setting: the server is restarted with the configured binary.
  await step('path-setting', async () => {
    await setPath(config.wrapper);
    await waitFor('the configured binary to start', async () => (fs.existsSync(config.wrapperStarts) ? true : undefined));
    result.pathProblems = await waitProblems('findings from the configured binary', (rows) => new Set(rows.map((r) => r.file)).size >= config.files);
  });

  await step('missing-binary', async () => {
    await command('Notifications: Clear All Notifications');
    await setPath(config.missing);
    result.missing = await waitFor('the missing-binary notification', async () => {
      const n = await notifications();
      return n.some((l) => l.includes('no executable osmosis-lint binary')) ? n : undefined;
    });
  });

  // A binary that exits at start: one start, at most two notifications,
  // and the cause one click away.
  await step('broken-binary', async () => {
    await command('Notifications: Clear All Notifications');
    await setPath(config.broken);
    await waitFor('the broken binary to start', async () => (fs.existsSync(config.brokenStarts) ? true : undefined));
    await waitFor('a notification', async () => ((await notifications()).length > 0 ? true : undefined));
    // Restarts, had there been any, come within a second; wait well past it.
    await page.waitForTimeout(10_000);
    await command('Notifications: Show Notifications');
    await page.locator('.notifications-center .notification-list-item').first().waitFor({ timeout: WAIT });
    result.broken = await notifications(true);
    const button = page.locator('.notifications-center .notification-list-item .monaco-button', { hasText: 'Show output' }).first();
    await button.click();
    await page.keyboard.press('Escape'); // the notification center covers the output's last lines
    await command('View: Toggle Maximized Panel');
    result.output = await waitFor('the output channel', async () => {
      const text = (await page.locator('.part.panel .monaco-editor .view-lines').allInnerTexts()).join('\n');
      // one space for each run of white space: the output wraps long lines
      const plain = text.replace(/[\s\u00a0]+/g, ' ');
      return plain.includes(config.brokenStderr) ? plain : undefined;
    });
  });
} catch (err) {
  result.error = err instanceof Error ? err.message : String(err);
}
await browser.close();
process.stdout.write(JSON.stringify(result, null, 2) + '\n');
process.exit(result.error === undefined ? 0 : 1);
