/**
 * The options of the security sensor: what drift looks for beyond the stack's own objects, and what
 * apply records for it.
 */
import type { DriftIgnorePattern } from '../plan/drift-ignore.js';
import type { DeclaredObject } from '../plan/unmanaged-objects.js';

/** What drift reports beyond the stack's own objects. */
export interface SensorOptions {
  /**
   * Look for live objects no stack manages (account keys, sub-users and their keys, roles, policies,
   * role tags, entries under managed Manta directories). @default true
   */
  readonly unmanaged?: boolean;
  /** Compare who can do what with the table the last apply recorded. @default true */
  readonly access?: boolean;
  /** The allow-list: unmanaged objects that are expected (`triton-iac.json` `drift.ignore`). */
  readonly ignore?: readonly DriftIgnorePattern[];
  /**
   * What the app's other stacks of the same account declare: their objects are managed, not
   * unmanaged.
   */
  readonly declaredElsewhere?: readonly DeclaredObject[];
}
