import { describe, expect, it } from 'vitest';
import { booleanDefault, defaultOf, numberDefault, stringDefault } from './defaults.js';
import { instance } from '../../kinds/instance/descriptor.js';
import { KindError } from './kind-error.js';
import { volume } from '../../kinds/volume/descriptor.js';

describe("a kind's defaults, read from its descriptor", () => {
  it('are the values the descriptor declares, for a property and for a field of its elements', () => {
    expect(numberDefault(volume, 'size')).toBe(10240);
    expect(stringDefault(instance, 'state')).toBe('running');
    expect(booleanDefault(instance, 'firewallEnabled')).toBe(false);
    expect(stringDefault(instance, 'volumes.mode')).toBe('rw');
    expect(defaultOf(volume, 'size')).toBe(10240);
  });

  it('are refused, naming the kind and the field, where the descriptor declares none or one of another type', () => {
    expect(() => defaultOf(volume, 'name')).toThrow(
      expect.objectContaining({
        code: 'KIND_FIELD_WITHOUT_DEFAULT',
        kind: 'volume',
        message: expect.stringContaining('name'),
      }),
    );
    expect(() => stringDefault(volume, 'size')).toThrow(KindError);
    expect(() => numberDefault(instance, 'volumes.nothing')).toThrow(/volumes\.nothing/);
  });
});
