/**
 * The HTML reports (`--format html`, `--out-html`) of examples/web-tier, opened in a real browser:
 * Debian's headless Chromium, driven by playwright-core. The plan before the first apply, the drift
 * after changes made by hand (a policy loses a rule, an unmanaged user joins the role) and the
 * access matrix are written by the real binary against the embedded emulator, then opened from
 * disk as a CI artifact would be: the test reads the page as a reviewer would (rows, highlighted
 * cells, the graph's nodes, the filter), checks that nothing was fetched and nothing failed in the
 * console, and saves a screenshot of each, and the report, under test-artifacts/ (gitignored).
 *
 * Chromium is a system package (`.ci/run` installs it when /usr/bin/chromium is missing); without
 * it the file fails with that instruction rather than passing silently.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDir, REPO, runCli, stopClis, type CliResult } from '../e2e/support/cli.js';
import { withCloud } from '../e2e/support/cloud.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(REPO, 'test-artifacts', 'html-reports');
const FAST = ['--emulator', '--emulator-timing', 'fast'];

let cwd: string;
let profile: string;
let browser: BrowserContext;
const cli = (...args: string[]): Promise<CliResult> => runCli(args, { cwd });

/** What the page did besides drawing: requests other than the file itself, console errors. */
interface Opened {
  readonly page: Page;
  readonly requests: string[];
  readonly errors: string[];
}

async function open(file: string): Promise<Opened> {
  const page = await browser.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  const url = pathToFileURL(join(cwd, file)).href;
  page.on('request', (r) => {
    if (r.url() !== url) requests.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: 'load' });
  return { page, requests, errors };
}

/** Saves the page's screenshot, and the report itself, as the run's artifacts. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  copyFileSync(join(cwd, `${name}.html`), join(ARTIFACTS, `${name}.html`));
}

const visible = (page: Page, selector: string): Promise<number> =>
  page
    .locator(selector)
    .evaluateAll((els) => els.filter((e) => (e as unknown as { offsetParent: unknown }).offsetParent !== null).length);

describe('HTML reports of examples/web-tier in headless Chromium', () => {
  beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(
        `${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium; .ci/run does)`,
      );
    mkdirSync(ARTIFACTS, { recursive: true });
    cwd = projectDir();
    writeFileSync(
      join(cwd, 'triton-iac.json'),
      `${JSON.stringify({ app: join(REPO, 'examples/web-tier/main.ts') })}\n`,
    );
    profile = mkdtempSync(join(tmpdir(), 'triton-iac-chromium-'));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 1280, height: 900 },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await stopClis();
    if (cwd !== undefined) rmSync(cwd, { recursive: true, force: true });
    if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
  });

  it('shows the first plan: each change with its fields, the apply graph, and every permission as gained', async () => {
    const planned = await cli('plan', ...FAST, '--format', 'markdown', '--out-html', 'plan.html');
    expect(planned.code).toBe(0);
    // The step summary points to the report.
    expect(planned.stdout).toContain('**Full report:** [plan.html](plan.html) (HTML)');
    const { page, requests, errors } = await open('plan.html');
    expect(await page.locator('details.change').count()).toBe(9);
    expect(await page.locator('details.change', { hasText: 'web-tier/www-1' }).innerText()).toMatch(
      /\+ tags\s*=\s*\{.*role.*web/s,
    );
    // One node per resource (the two look-ups included), one arrow per dependency, the stack a box.
    expect(await page.locator('svg.apply-graph g.node').count()).toBe(11);
    expect(await page.locator('svg.apply-graph g.node[data-act="create"]').count()).toBe(9);
    expect(await page.locator('svg.apply-graph g.stack').count()).toBe(1);
    expect(await page.locator('svg.apply-graph path.edge').count()).toBeGreaterThanOrEqual(10);
    // weboperator gains get, start and stop on each of the two instances, through role ops.
    const gained = page.locator('td.cell.gained');
    expect(await gained.count()).toBe(6);
    expect(await gained.first().getAttribute('title')).toMatch(
      /^weboperator gained getmachine on .*\nvia role ops → policy start-stop → rule/,
    );
    // The filter narrows the rows to what matches, and empties no group it does not have to.
    await page.fill('#filter', 'www-2');
    expect(await visible(page, 'details.change')).toBe(1);
    expect(await visible(page, 'tr.access-row')).toBe(1);
    expect(await page.locator('#shown').innerText()).toBe('2 of 11 rows shown');
    await page.fill('#filter', '');
    await page.uncheck('input[data-action="create"]');
    expect(await visible(page, 'details.change')).toBe(0);
    await page.check('input[data-action="create"]');
    await screenshot(page, 'plan');
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows drift made by hand: the changed fields, the unmanaged user, and the permissions gained and lost', async () => {
    expect((await cli('apply', ...FAST, '--auto-approve')).code).toBe(0);
    // An unmanaged role lets weboperator list and create machines; the next apply, which puts back
    // a description changed by hand, records that as the access baseline.
    await withCloud(cwd, 'acme', async ({ cloudapi }) => {
      await cloudapi.updatePolicy('start-stop', { description: 'changed by hand' });
      await cloudapi.createPolicy({ name: 'night', rules: ['CAN listmachines AND createmachine'] });
      await cloudapi.createRole({
        name: 'night-shift',
        members: [{ type: 'subuser', login: 'weboperator', default: true }],
        policies: [{ name: 'night' }],
      });
      await cloudapi.setRoleTags('/acme/machines', ['night-shift']);
    });
    expect((await cli('apply', ...FAST, '--auto-approve')).code).toBe(0);
    // Then, by hand: the managed policy loses a rule, and the night shift goes to a new user.
    await withCloud(cwd, 'acme', async ({ cloudapi }) => {
      await cloudapi.updatePolicy('start-stop', { rules: ['CAN getmachine AND startmachine'] });
      await cloudapi.createUser({ login: 'intruder', email: 'intruder@acme.example', password: 'Secret-pass-0451' });
      await cloudapi.updateRole('night-shift', { members: [{ type: 'subuser', login: 'intruder', default: true }] });
    });
    const drift = await cli(
      'drift',
      ...FAST,
      '--format',
      'html',
      '--out-markdown',
      'drift.md',
      '--out-html',
      'drift.html',
    );
    expect(drift.code).toBe(2);
    expect(readFileSync(join(cwd, 'drift.md'), 'utf8')).toContain('[drift.html](drift.html)');
    // --format html printed the same page on standard output.
    expect(drift.stdout).toMatch(/^<!doctype html>/);
    const { page, requests, errors } = await open('drift.html');
    const drifted = page.locator('details.drifted');
    expect(await drifted.count()).toBe(1);
    expect(await drifted.innerText()).toMatch(/web-tier\/start-stop.*rules/s);
    // The emulator's own instances are unmanaged too; the user made by hand is among them.
    expect(await page.locator('tr.unmanaged-row', { hasText: 'intruder' }).count()).toBe(1);
    // intruder gained, and weboperator lost, list and create on /acme/machines.
    const gained = page.locator('td.cell.gained');
    const lost = page.locator('td.cell.lost');
    expect(await gained.count()).toBe(2);
    expect(await lost.count()).toBe(2);
    expect(await gained.first().getAttribute('title')).toMatch(
      /^intruder gained \w+machines? on \/acme\/machines.*via role night-shift/s,
    );
    expect(await lost.first().getAttribute('title')).toMatch(/^weboperator lost .*was via role night-shift/s);
    expect(await page.content()).not.toContain('Secret-pass-0451');
    await page.fill('#filter', 'intruder');
    expect(await visible(page, 'tr.access-row')).toBe(1);
    await page.fill('#filter', '');
    await screenshot(page, 'drift');
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the declared access matrix with the granting chain on each cell', async () => {
    const access = await cli('access', '--format', 'html');
    expect(access.code).toBe(0);
    writeFileSync(join(cwd, 'access.html'), access.stdout);
    const { page, requests, errors } = await open('access.html');
    const held = page.locator('td.cell.held');
    expect(await held.count()).toBe(6);
    expect(await page.locator('th.user').allInnerTexts()).toEqual(['weboperator']);
    expect(await held.first().getAttribute('title')).toContain('via role ops → policy start-stop → rule');
    await held.first().hover();
    expect(await held.first().locator('.via').isVisible()).toBe(true);
    await screenshot(page, 'access');
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('renders hostile names from the app as text, never as markup', async () => {
    const app = join(cwd, 'hostile.ts');
    writeFileSync(
      app,
      `import { Policy, Role, TritonApp, TritonStack, User } from ${JSON.stringify(join(REPO, 'index.ts'))};
const app = new TritonApp();
const stack = new TritonStack(app, 'evil', { account: 'acme' });
const user = new User(stack, 'u', { login: 'mallory', email: 'm@acme.example' });
const policy = new Policy(stack, 'p', { description: '<script>window.pwned = 1</script>', rules: ['CAN getmachine'] });
new Role(stack, 'r', { members: [user], defaultMembers: [user], policies: [policy] });
new Policy(stack, 'q', { description: '"><img src=x onerror="window.pwned = 2">', rules: ['CAN listmachines'] });
export default app;
`,
    );
    const planned = await cli('plan', app, ...FAST, '--out-html', 'hostile.html');
    expect(planned.code).toBe(0);
    const { page, requests, errors } = await open('hostile.html');
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.locator('main img, main script').count()).toBe(0);
    expect(await page.locator('details.change', { hasText: 'evil/p' }).innerText()).toContain(
      '<script>window.pwned = 1</script>',
    );
    expect(await page.locator('details.change', { hasText: 'evil/q' }).innerText()).toContain('"><img src=x onerror=');
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
