/**
 * Runs the `run:` steps of a GitHub Actions workflow file locally, as the runner would: each step
 * in `bash --noprofile --norc -eo pipefail`, with the job's `env`, `$GITHUB_ENV` carried from
 * step to step and `$GITHUB_STEP_SUMMARY` collected. `${{ secrets.X }}`, `${{ vars.X }}` and
 * `${{ matrix.X }}` are filled in from what the test gives; any other expression is an error, so a
 * workflow that needs something this runner cannot provide fails the test instead of being skipped.
 *
 * Steps with `uses:` (checkout, setup-node) and the `npm ci` step are what the test's project
 * already is; they are listed as skipped so the test can assert nothing else was.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { run } from './installed-project.js';

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
}

interface Job {
  readonly env?: Readonly<Record<string, string>>;
  readonly strategy?: { readonly matrix?: Readonly<Record<string, readonly string[]>> };
  readonly steps: readonly Step[];
}

/** A parsed workflow file. */
export interface Workflow {
  readonly name: string;
  readonly jobs: Readonly<Record<string, Job>>;
}

/** Parses a workflow file. @throws Error when it has no jobs with steps. */
export function readWorkflow(path: string): Workflow {
  const doc = yaml.load(readFileSync(path, 'utf8')) as Workflow;
  if (typeof doc !== 'object' || doc === null || typeof doc.jobs !== 'object')
    throw new Error(`${path} is not a workflow: no jobs`);
  for (const [id, job] of Object.entries(doc.jobs)) {
    if (!Array.isArray(job.steps)) throw new Error(`${path}: job ${id} has no steps`);
  }
  return doc;
}

/** What the workflow may read. */
export interface WorkflowInputs {
  readonly secrets: Readonly<Record<string, string>>;
  readonly vars: Readonly<Record<string, string>>;
  /** Replaces each job's matrix (the values a user lists for their app). */
  readonly matrix?: Readonly<Record<string, readonly string[]>>;
  /** The job's working directory: the user's checkout. */
  readonly cwd: string;
  /** Added to every step's environment (HOME, the npm cache). */
  readonly baseEnv: Readonly<Record<string, string>>;
}

/** One step that ran. */
export interface StepRun {
  readonly job: string;
  readonly name: string;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** How a whole workflow run went. */
export interface WorkflowRun {
  /** Exit code of the first failing step, else 0 (the job's verdict). */
  readonly code: number;
  readonly steps: readonly StepRun[];
  /** Steps not run, with why. */
  readonly skipped: readonly string[];
  /** Everything the steps appended to `$GITHUB_STEP_SUMMARY`. */
  readonly summary: string;
  /** ssh-agents the steps started, for the test to stop. */
  readonly agentPids: readonly number[];
}

/**
 * Runs every job of `workflow` (each matrix combination in turn), stopping a job at its first
 * failing step, as GitHub does.
 */
export async function runWorkflow(workflow: Workflow, inputs: WorkflowInputs): Promise<WorkflowRun> {
  const steps: StepRun[] = [];
  const skipped: string[] = [];
  const agentPids: number[] = [];
  let summary = '';
  let code = 0;
  for (const [jobId, job] of Object.entries(workflow.jobs)) {
    for (const matrix of combinations(inputs.matrix ?? job.strategy?.matrix ?? {})) {
      const scratch = mkdtempSync(join(tmpdir(), 'triton-iac-gha-'));
      const githubEnv = join(scratch, 'github-env');
      const summaryFile = join(scratch, 'step-summary');
      writeFileSync(githubEnv, '');
      writeFileSync(summaryFile, '');
      const fill = (text: string): string => substitute(text, inputs, matrix);
      const jobEnv = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, fill(String(v))]));
      for (const step of job.steps) {
        const name = step.name ?? step.run ?? step.uses ?? '(unnamed)';
        if (step.run === undefined) {
          skipped.push(`${jobId}: uses ${step.uses ?? '?'}`);
          continue;
        }
        if (step.run.trim() === 'npm ci') {
          skipped.push(`${jobId}: npm ci (the project is installed already)`);
          continue;
        }
        const pidFile = join(scratch, 'agent-pid');
        // Bookkeeping only: remembers an ssh-agent the step starts, so the test can stop it.
        const script = `trap 'printf %s "\${SSH_AGENT_PID:-}" > ${pidFile}' EXIT\n${fill(step.run)}`;
        const env = {
          ...inputs.baseEnv,
          ...jobEnv,
          ...readGithubEnv(githubEnv),
          GITHUB_ENV: githubEnv,
          GITHUB_STEP_SUMMARY: summaryFile,
          CI: 'true',
        };
        const result = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
          cwd: inputs.cwd,
          env,
        });
        const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0;
        if (pid > 0) agentPids.push(pid);
        steps.push({
          job: jobId,
          name: Object.keys(matrix).length > 0 ? `${name} (${JSON.stringify(matrix)})` : name,
          ...result,
        });
        if (result.code !== 0) {
          code ||= result.code;
          break;
        }
      }
      summary += readFileSync(summaryFile, 'utf8');
    }
  }
  return { code, steps, skipped, summary, agentPids };
}

function substitute(text: string, inputs: WorkflowInputs, matrix: Readonly<Record<string, string>>): string {
  return text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_all, expr: string) => {
    const [scope, name] = expr.split('.') as [string, string | undefined];
    const table: Readonly<Record<string, string>> | undefined =
      scope === 'secrets'
        ? inputs.secrets
        : scope === 'vars'
          ? inputs.vars
          : scope === 'matrix'
            ? matrix
            : scope === 'github'
              ? { ref: 'refs/heads/main' }
              : undefined;
    const value = name !== undefined ? table?.[name] : undefined;
    if (value === undefined) throw new Error(`the workflow reads \${{ ${expr} }}, which the test does not provide`);
    return value;
  });
}

function combinations(matrix: Readonly<Record<string, readonly string[]>>): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const [key, values] of Object.entries(matrix))
    out = out.flatMap((c) => values.map((v) => ({ ...c, [key]: String(v) })));
  return out;
}

/** `KEY=value` lines a step appended to `$GITHUB_ENV` (the single-line form). */
function readGithubEnv(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) env[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return env;
}
