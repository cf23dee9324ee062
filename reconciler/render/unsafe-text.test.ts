import { describe, expect, it } from 'vitest';
import { manifestResource, testHandlers } from '../fixtures/handlers.js';
import { makePlan, planChanges } from '../plan/planner.js';
import { emptyState, type StateDocument } from '../state/document.js';
import { hasUnsafeCharacters } from '../../common/text/safe-text.js';
import { COLOUR, RESET } from './private/format.js';
import { renderMarkdown } from './markdown.js';
import { renderText } from './text.js';
import type { Plan } from '../plan/types.js';

/** A NUL, a screen-clearing ANSI sequence, a C1 CSI, a line break and a bidirectional override. */
const HOSTILE = 'a\u0000b\u001b[2J\u009b31m\nc\u202ed';
const ESCAPED = 'a\\u0000b\\u001b[2J\\u009b31m\\u000ac\\u202ed';
/** The same inside a quoted value, where JSON writes the line break as `\n`. */
const ESCAPED_IN_VALUE = 'a\\u0000b\\u001b[2J\\u009b31m\\nc\\u202ed';

/** Every string a plan shows that comes from the app or the cloud carries {@link HOSTILE}. */
function hostilePlan(): Plan {
  const state: StateDocument = {
    ...emptyState(`prod${HOSTILE}`, `acme${HOSTILE}`),
    resources: [
      {
        address: `prod/old${HOSTILE}`,
        kind: 'role',
        naturalKey: `old${HOSTILE}`,
        serverId: null,
        properties: {},
        writeOnly: {},
        dependsOn: [],
        updatedAt: '2026-01-01T00:00:00Z',
      },
    ],
  };
  const resources = [
    manifestResource(`prod/ops${HOSTILE}`, 'role', `ops${HOSTILE}`, {
      name: `ops${HOSTILE}`,
      members: [`alice${HOSTILE}`],
      policies: [`read${HOSTILE}`],
    }),
    manifestResource('prod/dev', 'role', 'dev', { name: 'dev', members: [`bob${HOSTILE}`], policies: [] }),
  ];
  const live = new Map<string, unknown>([
    [`prod/old${HOSTILE}`, { id: 'r-1', name: `old${HOSTILE}`, members: [], policies: [] }],
    ['prod/dev', { id: 'r-2', name: 'dev', members: [`carol${HOSTILE}`], policies: [], [`k${HOSTILE}`]: 'v' }],
  ]);
  const changes = planChanges({ resources, state, live, handlers: testHandlers, resolveSecret: () => undefined });
  return makePlan({
    stack: `prod${HOSTILE}`,
    account: `acme${HOSTILE}`,
    state,
    manifestDigest: 'sha256:00',
    changes,
    now: new Date('2026-01-02T00:00:00Z'),
  });
}

/** Whether `text` holds a raw control character other than the line breaks between its lines. */
const hasRawControl = (text: string): boolean => text.split('\n').some(hasUnsafeCharacters);

describe('plans of names with control characters', () => {
  const plan = hostilePlan();

  it('the text plan shows every control character escaped, in names, keys and values', () => {
    const text = renderText(plan);
    expect(hasRawControl(text)).toBe(false);
    expect(text).toContain(`stack prod${ESCAPED} (account acme${ESCAPED})`);
    expect(text).toContain(`  # prod/ops${ESCAPED} (role ops${ESCAPED}) will be created`);
    expect(text).toContain(`+ members = ["alice${ESCAPED_IN_VALUE}"]`);
    expect(text).toContain(`- "carol${ESCAPED_IN_VALUE}"`);
    expect(text).toContain(`  - role "prod/old${ESCAPED}" {`);
  });

  it('with colour, the only escape sequences are the renderer’s own colours', () => {
    const text = renderText(plan, { color: true });
    let withoutColours = text;
    for (const code of [...Object.values(COLOUR), RESET])
      if (code !== '') withoutColours = withoutColours.split(code).join('');
    expect(hasRawControl(withoutColours)).toBe(false);
    expect(text).not.toContain('\u001b[2J');
  });

  it('the Markdown plan shows them escaped too, in the heading, the table and the full plan', () => {
    const markdown = renderMarkdown(plan);
    expect(hasRawControl(markdown)).toBe(false);
    // A table cell folds the line break into a space; the rest is escaped.
    expect(markdown).toContain(`stack \`prod${ESCAPED.replace('\\u000a', ' ')}\``);
    expect(markdown).toContain(`prod/ops${ESCAPED}`);
  });
});
