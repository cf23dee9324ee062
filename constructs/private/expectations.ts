/**
 * The stack's access expectations at synth: each one's `/my` replaced by the account, its shape
 * checked, and each checked against the declared account with the one evaluator; a broken one is a
 * synth problem naming the first failing condition (or, for an expected denial, the granting chain).
 */
import type { IConstruct } from 'constructs';
import {
  accessModelFromResources,
  expectationProblems,
  failedExpectations,
  failureText,
} from '../../common/access/index.js';
import type { AccessExpectation, ResourceManifest } from '../../common/manifest.js';
import { AccessExpectationConstruct } from '../access-expectation.js';

/** The expectations declared in `stack`, in declaration order; problems are appended to `problems`. */
export function declaredExpectations(
  stack: IConstruct,
  account: string,
  resources: readonly ResourceManifest[],
  problems: string[],
): AccessExpectation[] {
  const found = stack.node.findAll().filter((c) => AccessExpectationConstruct.isExpectation(c));
  const out: AccessExpectation[] = [];
  for (const c of found) {
    const e = c.expectation;
    const resource =
      e.resource === '/my' || e.resource.startsWith('/my/') ? `/${account}${e.resource.slice(3)}` : e.resource;
    const expectation = { ...e, resource };
    const shape = expectationProblems(account, expectation, c.node.path);
    problems.push(...shape);
    if (shape.length > 0) continue;
    out.push(expectation);
    const model = accessModelFromResources(account, resources);
    for (const f of failedExpectations(model, [expectation]))
      problems.push(`${c.node.path}: ${failureText(f)} (checked on the declared account)`);
  }
  return out;
}
