import type { JobPhaseProperties } from '../../../common/resource-properties.js';
import { checkJobPhase } from '../../../common/rules/job-phase.js';
import { MantaError } from '../errors.js';

/** A validated job phase: the manifest's phase shape, with the server's defaults filled. */
export type PhaseSpec = JobPhaseProperties;

/** A validated CreateJob body. */
export interface JobSpec {
  readonly name: string;
  readonly phases: readonly PhaseSpec[];
}

/**
 * The properties marlin's schema allows (common/lib/schema.js `sHttpJobInput`, `sJobPhase`, both
 * with `additionalProperties: false`); `options` is for operators only, and the emulator refuses it from anyone.
 */
const JOB_PROPERTIES: readonly string[] = ['name', 'phases'];
const PHASE_PROPERTIES: readonly string[] = [
  'type',
  'assets',
  'exec',
  'init',
  'count',
  'memory',
  'disk',
  'uarg',
  'image',
];

function invalid(property: string, rule: string): MantaError {
  return new MantaError(400, 'InvalidJob', `property "${property}": ${rule}`);
}

/**
 * Validates a CreateJob body the way Manta does, with its `property "<name>": <rule>` messages.
 * @throws MantaError 400 `InvalidJob`
 */
export function parseJobSpec(body: unknown): JobSpec {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('body', 'a JSON object with "phases" is required');
  unsupported(body as Record<string, unknown>, JOB_PROPERTIES, '');
  const { name, phases } = body as { name?: unknown; phases?: unknown };
  if (name !== undefined && typeof name !== 'string') throw invalid('name', `${JSON.stringify(name)} is not a string`);
  if (!Array.isArray(phases)) throw invalid('phases', `${JSON.stringify(phases)} is not an array`);
  if (phases.length === 0) throw invalid('phases', 'at least one phase is required');
  return { name: name ?? '', phases: phases.map((p, i) => parsePhase(p, i)) };
}

function parsePhase(raw: unknown, i: number): PhaseSpec {
  const problems = checkJobPhase(raw, i);
  if (problems.length > 0) throw invalid(`phases[${i}]`, problems.join('; '));
  const p = raw as Record<string, unknown>;
  unsupported(p, PHASE_PROPERTIES, `phases[${i}].`);
  if (p.uarg !== undefined && (typeof p.uarg !== 'object' || p.uarg === null || Array.isArray(p.uarg)))
    throw invalid(`phases[${i}].uarg`, `${JSON.stringify(p.uarg)} is not an object`);
  if (p.image !== undefined && typeof p.image !== 'string')
    throw invalid(`phases[${i}].image`, `${JSON.stringify(p.image)} is not a string`);
  ((p.assets as string[] | undefined) ?? []).forEach((asset, j) => {
    const problem = assetPathProblem(asset);
    if (problem !== undefined) throw invalid(`phases[${i}].assets[${j}]`, `${JSON.stringify(asset)} ${problem}`);
  });
  return {
    type: (p.type as PhaseSpec['type'] | undefined) ?? 'map',
    exec: p.exec as string,
    ...(p.init !== undefined ? { init: p.init as string } : {}),
    ...(p.assets !== undefined ? { assets: p.assets as string[] } : {}),
    ...(p.count !== undefined ? { count: p.count as number } : {}),
    ...(p.memory !== undefined ? { memory: p.memory as number } : {}),
    ...(p.disk !== undefined ? { disk: p.disk as number } : {}),
  };
}

/** Refuses the first property the schema does not know, in jsprim's words (`unsupported property`). */
function unsupported(value: Record<string, unknown>, known: readonly string[], prefix: string): void {
  const extra = Object.keys(value).find((k) => !known.includes(k) && value[k] !== undefined);
  if (extra !== undefined) throw invalid(`${prefix}${extra}`, 'unsupported property');
}

/**
 * Why an asset can never be fetched, or `undefined`. Marlin's schema takes any string here and the
 * agent fails every task at start-up on a path it cannot GET (agent.js `maTaskStreamLoadAsset`);
 * the emulator refuses at CreateJob the paths that can never name an object, so the job fails at
 * once with the asset named (and no such path reaches the task directory). Whether the job may
 * read the object is decided when a task starts, as on the server.
 */
function assetPathProblem(asset: string): string | undefined {
  if (!asset.startsWith('/')) return 'is not an absolute object path (e.g. /<login>/stor/<name>)';
  const segments = asset.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) return 'has a "." or ".." segment, which object paths never have';
  if (asset.includes('\0')) return 'has a NUL character';
  if (Buffer.byteLength(asset) > 1024) return 'is longer than 1024 bytes';
  if (segments.length < 3) return 'names no object: an object path is /<login>/<stor|public|jobs>/<name>';
  return undefined;
}
