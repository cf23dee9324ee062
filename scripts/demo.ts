/**
 * `npm run demo`: the quick start, end to end, with no cloud account and no network. In a fresh
 * temporary directory it synthesizes the quickstart stack, plans and applies it against the
 * embedded emulator, changes two objects behind the tool's back, and shows `drift` finding them and
 * `apply` repairing them. Every step is the real `triton-iac` command line, run in this process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../cli/main.js';
import { startEmbeddedEmulator } from '../cli/embedded-emulator.js';
import {
  createCloudApiClient,
  createMantaClient,
  resolveConfig,
  type CloudApiClient,
  type MantaClient,
} from '../provider/index.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const app = join(repo, 'examples', 'quickstart', 'main.ts');
const colour = process.stdout.isTTY === true && !process.env['NO_COLOR'];
const bold = (s: string): string => (colour ? `\u001b[1m${s}\u001b[0m` : s);
const dim = (s: string): string => (colour ? `\u001b[2m${s}\u001b[0m` : s);

const workDir = mkdtempSync(join(tmpdir(), 'triton-iac-demo-'));
// The quickstart reads alice's password from the environment; any value will do for the emulator.
const env = { ...process.env, ALICE_PASSWORD: 'demo-only-password-1' };
const io = { stdout: process.stdout, stderr: process.stderr, env, cwd: workDir };
// The commands run in this process; a user runs them in a shell whose directory is the project, and
// relative paths in the app (content files) are resolved against the process's directory.
process.chdir(workDir);
const started = Date.now();
let step = 0;

function heading(text: string): void {
  step += 1;
  process.stdout.write(`\n${bold(`── ${step}. ${text}`)}\n`);
}

async function run(args: string[], expect: number[] = [0]): Promise<void> {
  process.stdout.write(`${dim('$')} ${bold(`triton-iac ${args.join(' ')}`)}\n`);
  const code = await main(args, io);
  if (!expect.includes(code))
    throw new Error(`triton-iac ${args.join(' ')} exited ${code}; expected ${expect.join(' or ')}`);
  process.stdout.write(dim(`(exit code ${code})\n`));
}

/** Signs in to the emulator the commands left in the working directory, as a person with the key would. */
async function withCloud(body: (c: { cloudapi: CloudApiClient; manta: MantaClient }) => Promise<void>): Promise<void> {
  const emulator = await startEmbeddedEmulator({ cwd: workDir, accounts: ['acme'] });
  try {
    const config = await resolveConfig({
      url: emulator.running.cloudapiUrl,
      account: 'acme',
      keyFile: emulator.keyFiles.get('acme')!,
      manta: { url: emulator.running.mantaUrl },
      useAgent: false,
      env: {},
      home: workDir,
    });
    const cloudapi = createCloudApiClient(config.cloudapi!);
    const manta = createMantaClient(config.manta!);
    try {
      await body({ cloudapi, manta });
    } finally {
      await Promise.all([cloudapi.close(), manta.close()]);
    }
  } finally {
    await emulator.close();
  }
}

try {
  process.stdout.write(
    `${bold('triton-iac demo')}: the quickstart stack against the embedded emulator (no cloud, no network).\n`,
  );
  process.stdout.write(`Working directory: ${workDir}\n`);
  writeFileSync(join(workDir, 'triton-iac.json'), `${JSON.stringify({ app: relative(workDir, app) })}\n`);
  process.stdout.write(`triton-iac.json points at the app: ${relative(repo, app)}\n`);

  heading('Synthesize the app into a manifest (no cloud access)');
  await run(['synth', '--out', 'manifest.json']);

  heading('Plan against the emulator and save the plan: everything is new (exit code 2)');
  await run(['plan', '--emulator', '--detailed-exitcode', '--out', 'demo.plan.json'], [2]);

  heading('Apply exactly that plan');
  await run(['apply', '--emulator', 'demo.plan.json']);

  heading('Plan again: the cloud matches the app');
  await run(['plan', '--emulator', '--detailed-exitcode'], [0]);

  heading('Someone changes the cloud by hand');
  await withCloud(async ({ cloudapi, manta }) => {
    await cloudapi.updatePolicy('read-only', {
      rules: ['CAN listmachines AND getmachine AND listimages AND getimage', 'CAN deletemachine'],
    });
    process.stdout.write('  policy read-only: added the rule "CAN deletemachine"\n');
    await manta.deleteObject('/acme/public/releases/2026-11.txt');
    process.stdout.write('  deleted /acme/public/releases/2026-11.txt\n');
  });

  heading('drift finds both changes (exit code 2)');
  await run(['drift', '--emulator'], [2]);

  heading('apply repairs them, and drift is clean again');
  await run(['apply', '--emulator', '--auto-approve']);
  await run(['drift', '--emulator'], [0]);

  process.stdout.write(
    `\n${bold(`Done in ${((Date.now() - started) / 1000).toFixed(1)}s.`)} Next: read README.md, try the examples/ (each has a README), and run \`npm test\`.\n`,
  );
} catch (err) {
  process.stderr.write(`\ndemo failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
