/**
 * The checks `triton-iac validate` adds to synth, all offline (no cloud, no state): the manifest's
 * documented shape (references to declared addresses of the same stack among them) and the value
 * rules synth applies (for a manifest JSON or a cdk.tf.json, which no construct checked), both
 * `manifestProblems`; dependency cycles; and whether every secret apply would read can be read here.
 */
import { describeCycle, findCycles } from '../../common/graph.js';
import { isSecret, type ManifestValue, type StackManifest } from '../../common/manifest.js';
import { createSecretResolver, manifestProblems } from '../../reconciler/index.js';
import type { Manifest } from '../../common/manifest.js';

/** What {@link offlineChecks} found. */
export interface OfflineReport {
  /** Sentences naming the path, the value and the rule; empty when everything passed. */
  readonly problems: readonly string[];
  /** Per stack: resources, references and secrets checked. */
  readonly stacks: readonly {
    readonly name: string;
    readonly account: string;
    readonly resources: number;
    readonly references: number;
    readonly secrets: number;
  }[];
}

/**
 * Runs every offline check on `manifest`, limited to `stacks`.
 * @param env where environment-variable secrets are read
 * @param workDir what file secrets are relative to
 */
export function offlineChecks(
  manifest: Manifest,
  stacks: readonly StackManifest[],
  env: NodeJS.ProcessEnv,
  workDir: string,
): OfflineReport {
  const problems = manifestProblems(manifest).map((p) => p.message);
  const secrets = createSecretResolver(env, workDir);
  const report: OfflineReport['stacks'][number][] = [];
  for (const stack of stacks) {
    const edges = new Map(stack.resources.map((r) => [r.address, r.dependsOn]));
    for (const cycle of findCycles(edges))
      problems.push(`stack ${stack.name}: the resources depend on each other in a loop: ${describeCycle(cycle)}`);
    let references = 0;
    let secretCount = 0;
    for (const resource of stack.resources) {
      walk(resource.properties, `${resource.address}.properties`, (value, where) => {
        if (isSecret(value)) {
          const s = value.$secret;
          if (s.source === 'generated') return;
          secretCount += 1;
          if (secrets.tryResolve(value) === undefined) {
            problems.push(
              `${where}: the secret cannot be read here: ${s.source === 'env' ? `environment variable ${s.name} is not set` : `file ${s.name} cannot be read`} (apply needs it to create or replace ${resource.address})`,
            );
          }
        } else if (typeof value === 'object' && value !== null && '$ref' in value) {
          references += 1;
        }
      });
    }
    report.push({
      name: stack.name,
      account: stack.account,
      resources: stack.resources.length,
      references,
      secrets: secretCount,
    });
  }
  return { problems, stacks: report };
}

function walk(value: ManifestValue, where: string, visit: (value: ManifestValue, where: string) => void): void {
  visit(value, where);
  if (isSecret(value) || value === null || typeof value !== 'object' || '$ref' in value) return;
  if (Array.isArray(value)) value.forEach((v, i) => walk(v as ManifestValue, `${where}[${i}]`, visit));
  else for (const [k, v] of Object.entries(value)) walk(v as ManifestValue, `${where}.${k}`, visit);
}
