/**
 * Instances in the access model: the role tags declared on an Instance grant its role's instance
 * actions on the instance's path (`/<account>/machines/<id>`; `(<name>: id known after apply)` in
 * place of the id until it is known), only the
 * actions a request on a machine can carry (sdc-cloudapi authorises every /machines/<id>/...
 * route against the machine), and a plan that adds the tag lists the grants it makes.
 */
import { describe, expect, it } from 'vitest';
import { accessModelFromResources, permissionTable } from '../../common/access/index.js';
import { planAccessChanges } from '../../reconciler/plan/access-changes.js';
import type { ResourceChange } from '../../reconciler/plan/types.js';

const ROLE = { name: 'ops', members: [{ type: 'subuser', login: 'bob', default: true }], policies: ['run'] };
const POLICY = {
  name: 'run',
  rules: ['CAN getmachine AND startmachine AND stopmachine AND listmachines AND createmachinesnapshot AND getuser'],
};
const ID = '6f1c2d3e-0000-4000-8000-00000000abcd';
const INSTANCE = { name: 'web-1', image: 'x', package: 'p', roleTags: ['ops'] };

describe('instance role tags in the access model', () => {
  it('grant the instance actions on the instance, and not the collection or user actions', () => {
    const table = permissionTable(
      accessModelFromResources('acme', [
        { kind: 'user', properties: { login: 'bob' } },
        { kind: 'role', properties: ROLE },
        { kind: 'policy', properties: POLICY },
        { kind: 'instance', properties: INSTANCE },
      ]),
    );
    const rows = table.map((p) => `${p.user} ${p.action} ${p.resource}`).sort();
    const at = '/acme/machines/(web-1: id known after apply)';
    expect(rows).toEqual([
      `bob createmachinesnapshot ${at}`,
      `bob getmachine ${at}`,
      `bob startmachine ${at}`,
      `bob stopmachine ${at}`,
    ]);
  });

  it("a plan that tags the instance lists the grants, caused by the instance's change", () => {
    const change = (kind: string, address: string, after: Record<string, unknown>, before: unknown = after) =>
      ({ kind, address, action: before === null ? 'create' : 'no-op', before, after }) as unknown as ResourceChange;
    const changes = [
      change('user', 's/bob', { login: 'bob' }),
      change('role', 's/ops', ROLE),
      change('policy', 's/run', POLICY),
      {
        ...change('instance', 's/web', { ...INSTANCE, id: ID }, { ...INSTANCE, id: ID, roleTags: [] }),
        action: 'update',
      } as ResourceChange,
    ];
    const granted = planAccessChanges('acme', changes).filter((c) => c.change === 'grant');
    // By the machine's id, as CloudAPI names it, with its name as the label.
    expect(granted.map((g) => `${g.user} ${g.action} ${g.resource} ${g.label}`).sort()).toEqual([
      `bob createmachinesnapshot /acme/machines/${ID} web-1`,
      `bob getmachine /acme/machines/${ID} web-1`,
      `bob startmachine /acme/machines/${ID} web-1`,
      `bob stopmachine /acme/machines/${ID} web-1`,
    ]);
    expect(granted[0]!.causes).toEqual(['s/web (update)']);
  });
});
