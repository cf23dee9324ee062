/**
 * Outputs of other apps (`{ $output }`, `StackOutputs.of(location).get(name)`), read from their
 * state before planning, as `terraform_remote_state`: each placeholder becomes the recorded value,
 * so a plan, a saved plan and the state hold values only. A sensitive output is never handed on.
 */
import { isOutputRef, type ManifestValue, type StackManifest } from '../../common/manifest.js';
import { closestMatches } from '../../common/did-you-mean.js';
import { ReconcilerError } from '../errors.js';
import type { StateDocument } from '../state/document.js';

/** A state read for its outputs: the document (`null`: none there) and where it was looked for. */
export interface OutputState {
  readonly doc: StateDocument | null;
  /** The file or object looked at, for messages. */
  readonly where: string;
}

/** The state locations `stack`'s placeholders read, each once, in the order first met. */
export function outputLocationsOf(stack: StackManifest): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (isOutputRef(v)) out.add(v.$output.state);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const r of stack.resources) walk(r.properties);
  for (const o of stack.outputs ?? []) walk(o.value);
  return [...out];
}

/**
 * `stack` with every `{ $output }` replaced by the value `states` records, and what it read.
 * @throws ReconcilerError `OUTPUT_STATE_NOT_FOUND`, `OUTPUT_NOT_FOUND` or `OUTPUT_SENSITIVE`, naming
 *   the resource, the location and the output
 */
export function withStackOutputs(
  stack: StackManifest,
  states: ReadonlyMap<string, OutputState>,
): { readonly stack: StackManifest; readonly read: ReadonlyMap<string, readonly string[]> } {
  const read = new Map<string, string[]>();
  const resolve = (v: ManifestValue, where: string): ManifestValue => {
    if (isOutputRef(v)) {
      const { state, name } = v.$output;
      const found = states.get(state);
      if (found === undefined || found.doc === null)
        throw new ReconcilerError(
          'OUTPUT_STATE_NOT_FOUND',
          `${where} reads output ${JSON.stringify(name)} of the app whose state is at ${state}, but there is no state at ${found?.where ?? state}`,
          {
            hint: 'Nothing was planned. Apply that app first, or fix the location given to StackOutputs.of (a local path is relative to the directory triton-iac runs in).',
          },
        );
      const outputs = found.doc.outputs ?? {};
      const output = outputs[name];
      if (output === undefined) {
        const names = Object.keys(outputs).sort();
        const close = closestMatches(name, names);
        throw new ReconcilerError(
          'OUTPUT_NOT_FOUND',
          `${where} reads output ${JSON.stringify(name)} of the state at ${state} (stack ${found.doc.stack}), which records no such output${close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : ''}; its outputs are ${names.join(', ') || 'none'}`,
          {
            hint: 'Nothing was planned. Declare the output in that app (new TritonOutput(stack, name, { value })) and apply it, or read one it has.',
          },
        );
      }
      if (output.sensitive === true)
        throw new ReconcilerError(
          'OUTPUT_SENSITIVE',
          `${where} reads output ${JSON.stringify(name)} of the state at ${state}, which is sensitive: another app's sensitive output is not handed on, since this app's plan and state would show it`,
          {
            hint: 'Nothing was planned. Pass a secret with Secret.fromEnv or Secret.fromFile instead, or make the output not sensitive if it is not a secret.',
          },
        );
      const names = read.get(state) ?? [];
      if (!names.includes(name)) read.set(state, [...names, name]);
      return output.value as ManifestValue;
    }
    if (Array.isArray(v)) return v.map((x: ManifestValue, i) => resolve(x, `${where}[${i}]`));
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, resolve(x as ManifestValue, `${where}.${k}`)]),
      ) as ManifestValue;
    return v;
  };
  if (outputLocationsOf(stack).length === 0) return { stack, read };
  const resolved: StackManifest = {
    ...stack,
    resources: stack.resources.map((r) => ({
      ...r,
      properties: resolve(r.properties, `${r.address}.properties`) as typeof r.properties,
    })),
    ...(stack.outputs !== undefined
      ? { outputs: stack.outputs.map((o) => ({ ...o, value: resolve(o.value, `output ${o.name}`) })) }
      : {}),
  };
  return { stack: resolved, read };
}
