/**
 * `triton-iac/testing`: test a stack from vitest, jest or `node:test`, without a cloud.
 *
 * - {@link Template}: synth assertions on one stack (find resources by kind and properties with
 *   {@link Match}ers, count them, read their rendered properties) and access assertions decided as
 *   `triton-iac can` decides them;
 * - {@link LocalCloud}: an emulator in the test's process, with keys made for each account, to
 *   apply, plan, drift and destroy an app and look at the result as the owner or a sub-user.
 *
 * A failed assertion throws a plain `AssertionError` (`node:assert`); a mistake in the test's input
 * (an unknown kind, address or user) throws a {@link TestingError}. See docs/testing.md.
 */
export { Template, type ResourceRef, type StackLike, type Synthesizable } from './template.js';
export { Match, Matcher, type Mismatch } from './match.js';
export type { AccessOptions, RequestValues, UserRef } from './access.js';
export { LocalCloud, type ApplyOptions, type CloudClients, type LocalCloudOptions } from './local-cloud.js';
export type { AppApplied, AppDrift, AppInput, AppPlan, PlannedChange, StackSelection } from './app-runs.js';
export { TestingError, type TestingErrorCode } from './errors.js';
export type { AccessAnswer } from '../common/access/index.js';
export type { Plan, ResourceChange, DriftItem, DriftReport, ApplyResult } from '../reconciler/index.js';
export type { Manifest, ResourceManifest, StackManifest } from '../common/manifest.js';
