/**
 * Synth warnings: things that synthesize but are probably not what was meant (a policy action no
 * operation has). Kept as construct metadata, where they stay with the construct that raised them,
 * and gathered by `TritonApp.warnings()`.
 */
import type { IConstruct } from 'constructs';

const WARNING = 'triton-iac:warning';

/** Records a warning about `scope` (shown as `<path>: <message>`). */
export function addWarning(scope: IConstruct, message: string): void {
  scope.node.addMetadata(WARNING, message);
}

/** Every warning recorded in the tree under `root`, as `<path>: <message>`, in tree order. */
export function warningsUnder(root: IConstruct): string[] {
  return root.node
    .findAll()
    .flatMap((c) => c.node.metadata.filter((m) => m.type === WARNING).map((m) => `${c.node.path}: ${String(m.data)}`));
}
