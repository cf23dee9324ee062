/**
 * Puts an access decision into words: the chain that grants it, or the first of the server's
 * conditions that fails and the smallest change that would grant it.
 */
import { decideAccess, type AccessDecision, type AccessFailure } from './decide.js';
import { isCaller, MANTA_WRITES, queryFor, serviceOf, type AccessModel, type ModelRequest } from './model.js';

/** A decision with its explanation, as `triton-iac can --json` prints it. */
export interface AccessAnswer {
  readonly user: string;
  readonly action: string;
  readonly resource: string;
  readonly allowed: boolean;
  /** The roles active for the request. */
  readonly activeRoles: readonly string[];
  /** The role tags that govern the resource. */
  readonly resourceTags: readonly string[];
  /** When allowed: each role → policy → rule that grants. When denied by a CAN NOT: the denying chains. */
  readonly chains: readonly { readonly role: string; readonly policy: string; readonly rule: string }[];
  /** When denied: which condition failed first. */
  readonly failure?: AccessFailure;
  /** One sentence: why. */
  readonly reason: string;
  /** When denied: a change that would grant it. */
  readonly fix?: string;
}

/** Decides `request` against `model` and explains the outcome: what `triton-iac can` prints. */
export function answerRequest(model: AccessModel, request: ModelRequest): AccessAnswer {
  const query = queryFor(model, request);
  return explainDecision(model, request, decideAccess(query), query.resourceTags);
}

/** Explains `decision` for `request` against `model`. */
export function explainDecision(
  model: AccessModel,
  request: ModelRequest,
  decision: AccessDecision,
  resourceTags: readonly string[],
): AccessAnswer {
  const action = request.action.toLowerCase();
  const base = {
    user: request.user,
    action,
    resource: request.resource,
    allowed: decision.allowed,
    activeRoles: decision.activeRoles,
    resourceTags,
    chains: decision.grants,
  };
  if (decision.allowed) {
    const g = decision.grants[0]!;
    const how = resourceTags.includes(g.role)
      ? 'tagged on the resource, active'
      : serviceOf(request.resource) === 'manta' && decision.activeRoles.includes(g.role)
        ? g.policy === '(the administrator role)'
          ? 'active; Manta lets the administrator role do anything in its account'
          : 'active; not tagged, but on Manta a rule that names resources counts without a tag'
        : 'active';
    return {
      ...base,
      reason: `${request.user} may ${action} ${request.resource}: role ${g.role} (${how}) → policy ${g.policy} → rule ${JSON.stringify(g.rule)}`,
    };
  }
  const failure = decision.failure!;
  const { reason, fix } = denial(model, request, decision, resourceTags, action);
  return { ...base, failure, reason, ...(fix !== undefined ? { fix } : {}) };
}

function denial(
  model: AccessModel,
  request: ModelRequest,
  d: AccessDecision,
  tags: readonly string[],
  action: string,
): { reason: string; fix?: string } {
  const user = request.user;
  const memberOf = model.roles.filter((r) => r.members.some((m) => isCaller(m, request)));
  const manta = serviceOf(request.resource) === 'manta';
  const creates = manta && MANTA_WRITES.has(action) && !model.mantaEntries.some((e) => e.path === request.resource);
  const parent = request.resource.slice(0, request.resource.lastIndexOf('/'));
  const tagHow = creates
    ? `roleTags on its parent directory ${parent}, which a new entry is authorised against`
    : manta
      ? 'roleTags on the object or directory'
      : `a RoleTag on ${request.resource} or its collection`;
  // Roles of the user whose policies name the action: the shortest way to a grant.
  const granting = memberOf.filter((r) =>
    r.policies.some((p) => model.policies.find((x) => x.name === p)?.rules.some((rule) => namesAction(rule, action))),
  );
  switch (d.failure) {
    case 'not-member':
      return {
        reason: `${user} is not a member of role ${d.role}, so a request taking it up is refused before any policy is read`,
        fix: `add ${user} to the members of role ${d.role}, or take up only roles ${user} is a member of (${memberOf.map((r) => r.name).join(', ') || 'none'})`,
      };
    case 'untagged':
      return {
        reason: manta
          ? `${request.resource} carries no role tag (${creates ? 'an entry being created: nor does its parent directory' : 'its own tags decide'}), and no active role of ${user} has a rule that names the path, so ${user} may not ${action} it`
          : `${request.resource} carries no role tag (nor does its collection), so no sub-user may ${action} it`,
        fix: `tag it with ${granting[0]?.name ?? 'a role of ' + user} (${tagHow})`,
      };
    case 'no-active-role': {
      const candidates = memberOf.filter((r) => tags.includes(r.name)).map((r) => r.name);
      return {
        reason: `${user} has no active role: it is a default member of no role${memberOf.length > 0 ? ` (member of ${memberOf.map((r) => r.name).join(', ')})` : ''}`,
        fix:
          candidates.length > 0
            ? `take up the role with --role ${candidates[0]} (as-role), or make ${user} a default member of ${candidates[0]}`
            : `make ${user} a default member of a role tagged on ${request.resource} (${tags.join(', ')})`,
      };
    }
    case 'no-tagged-active-role': {
      const tagged = memberOf.filter((r) => tags.includes(r.name)).map((r) => r.name);
      return {
        reason: `none of ${user}'s active roles (${d.activeRoles.join(', ')}) is tagged on ${request.resource} (tags: ${tags.join(', ')})${manta ? ', and none has a rule that names the path' : ''}`,
        fix:
          tagged.length > 0
            ? `take up ${tagged[0]} with --role ${tagged[0]} (as-role), or make ${user} a default member of it`
            : `tag ${request.resource} with ${d.activeRoles[0]} (${tagHow}), or add ${user} to one of ${tags.join(', ')}`,
      };
    }
    case 'no-policy':
      return {
        reason: `the tagged active role${d.taggedActiveRoles.length === 1 ? '' : 's'} ${d.taggedActiveRoles.join(', ')} ha${d.taggedActiveRoles.length === 1 ? 's' : 've'} no policy with a rule`,
        fix: `attach a policy with the rule "CAN ${action}" to role ${d.taggedActiveRoles[0]}`,
      };
    case 'explicit-deny': {
      const g = d.grants[0]!;
      return {
        reason: `rule ${JSON.stringify(g.rule)} of policy ${g.policy} (role ${g.role}) denies ${action}, and an explicit deny wins`,
        fix: `remove or narrow that CAN NOT rule`,
      };
    }
    default: {
      const near = d.conditionFailed[0];
      if (near !== undefined) {
        return {
          reason: `rule ${JSON.stringify(near.rule)} of policy ${near.policy} (role ${near.role}) names ${action}, but its condition does not hold for this request`,
          fix: `pass the request values the condition needs with --when (e.g. --when sourceip=10.0.0.1), or change the rule's condition`,
        };
      }
      return {
        reason: `no rule of the policies of ${d.taggedActiveRoles.join(', ')} grants ${action}`,
        fix: `add the rule "CAN ${action}" to a policy of role ${d.taggedActiveRoles[0]}`,
      };
    }
  }
}

function namesAction(rule: string, action: string): boolean {
  const m = /\bCAN\s+(?:NOT\s+)?(.*?)(?:\s+(?:WHEN|IF|WHERE)\s|$)/i.exec(rule);
  if (m === null || /\bCAN\s+NOT\b/i.test(rule)) return false;
  return m[1]!.split(/\s*(?:,|\bAND\b)\s*/i).some((a) => a.trim().toLowerCase() === action || a.trim() === '*');
}
