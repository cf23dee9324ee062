import { describe, expect, it } from 'vitest';
import { makePlan } from '../../reconciler/plan/planner.js';
import type { ResourceChange } from '../../reconciler/index.js';
import { UsageError } from '../command.js';
import { parseArgs } from '../private/args.js';
import { driftReportHtml } from './drift-html.js';
import { htmlReportLink, outHtmlFlag } from './output.js';
import { escapeHtml } from './page.js';
import { planReportHtml } from './plan-html.js';

const SCRIPT = '<script>window.pwned = 1</script>';
const ATTRIBUTE = '"><img src=x onerror="window.pwned = 2">';
const base = { sensitive: [], unknown: [], dependsOn: [] } as const;

function hostilePlan() {
  const changes: ResourceChange[] = [
    {
      ...base,
      address: `prod/${SCRIPT}`,
      kind: 'user',
      naturalKey: ATTRIBUTE,
      action: 'create',
      before: null,
      patch: [],
      after: { login: 'mallory', email: 'm@acme.example', password: 'S3cret-never-shown' },
      sensitive: ['/password'],
    },
    {
      ...base,
      address: 'prod/p',
      kind: 'policy',
      naturalKey: 'p',
      action: 'update',
      before: { name: 'p', description: 'old', rules: ['CAN getmachine'] },
      after: { name: 'p', description: SCRIPT, rules: ['CAN getmachine', 'CAN listmachines'] },
      patch: [
        { op: 'replace', path: '/description', value: SCRIPT },
        { op: 'add', path: '/rules/1', value: 'CAN listmachines' },
      ],
      dependsOn: [`prod/${SCRIPT}`],
    },
  ];
  return makePlan({ stack: 'prod', account: 'acme', state: null, manifestDigest: 'sha256:00', changes });
}

/** The page without its own script and style, where every `<` is the page's own markup. */
function body(html: string): string {
  return html.slice(html.indexOf('<body>'), html.lastIndexOf('<script>'));
}

describe('the HTML reports', () => {
  it('escapes every name and value from the app: a script or an attribute breaker shows as text', () => {
    const html = planReportHtml([hostilePlan()]);
    expect(body(html)).not.toContain('<script');
    expect(body(html)).not.toContain('<img');
    expect(html).toContain(escapeHtml(SCRIPT));
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=&quot;window.pwned = 2&quot;&gt;');
    // The page's own Content-Security-Policy forbids every fetch.
    expect(html).toContain("default-src 'none'");
  });

  it('masks secrets as the text plan does, and shows each change with its field diffs', () => {
    const html = planReportHtml([hostilePlan()]);
    expect(html).not.toContain('S3cret-never-shown');
    expect(html).toContain('password = (sensitive value)');
    expect(html).toMatch(/<span class="add"> +\+ &quot;CAN listmachines&quot;<\/span>/);
    expect(html).toContain('<span class="mod">      ~ description = &quot;old&quot; -&gt; &quot;&lt;script&gt;');
    expect(html.match(/<details class="change"/g)).toHaveLength(2);
  });

  it('draws one graph node per change and an arrow from each dependency to what waits for it', () => {
    const html = planReportHtml([hostilePlan()]);
    expect(html.match(/<g class="node"/g)).toHaveLength(2);
    expect(html.match(/<path class="edge"/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapeHtml(`prod/${SCRIPT} before prod/p`)}</title>`);
  });

  it('escapes what the cloud names in a drift report: unmanaged objects and access chains', () => {
    const html = driftReportHtml(
      [
        {
          stack: 'prod',
          account: 'acme',
          report: {
            drifted: [],
            checked: 3,
            unmanaged: [{ kind: 'key', id: 'aa:bb', name: ATTRIBUTE, note: SCRIPT }],
            access: [
              {
                user: 'eve',
                action: 'deletemachine',
                resource: '/acme/machines',
                change: 'grant',
                via: [`role ${SCRIPT} → policy x → rule "CAN deletemachine"`],
                unmanaged: [`role ${SCRIPT}`],
              },
            ],
          },
        },
      ],
      new Date(0),
    );
    expect(body(html)).not.toContain('<script');
    expect(body(html)).not.toContain('<img');
    expect(html.match(/<td class="cell gained"/g)).toHaveLength(1);
    expect(html).toContain('unmanaged-row');
  });
});

describe('--out-html', () => {
  const args = (...argv: string[]) =>
    parseArgs(argv, { out: 'string', 'out-html': 'string', 'out-json': 'string' }, 'plan');

  it('refuses a file another flag of the run writes, and an empty name', () => {
    expect(() => outHtmlFlag(args('--out', 'p.json', '--out-html', './p.json'), '/w', { '--out': 'p.json' })).toThrow(
      new UsageError(
        '--out-html ./p.json is also the file of --out: the report would overwrite it; give the report another name, such as p.html',
      ),
    );
    expect(() => outHtmlFlag(args('--out-html', ' '), '/w')).toThrow(/--out-html needs a file name/);
    expect(outHtmlFlag(args('--out-html', 'plan.html'), '/w', { '--out': 'plan.json' })).toBe('plan.html');
  });

  it('links the Markdown summary to the run’s artifacts on GitHub Actions, and to the file elsewhere', () => {
    expect(htmlReportLink('reports/plan (1).html', {})).toBe(
      '**Full report:** [plan (1).html](reports/plan%20%281%29.html) (HTML)\n',
    );
    expect(
      htmlReportLink('plan.html', {
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'acme/infra',
        GITHUB_RUN_ID: '42',
      }),
    ).toBe(
      "**Full report:** [plan.html](https://github.com/acme/infra/actions/runs/42#artifacts) (HTML, in this run's artifacts)\n",
    );
  });
});
