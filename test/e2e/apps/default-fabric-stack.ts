/**
 * A stack beside the account's default fabric (VLAN 2, `My-Fabric-Network`, 192.168.128.0/22).
 * `DF_VARIANT` picks it: `own` (default) a VLAN and network of its own, and an instance on the
 * default network found by name, kept off web-1's server by an affinity rule; `vlan2` declares
 * VLAN 2 itself; `overlap` a network on VLAN 2 overlapping the default network; `config` a default
 * network that is no network of the account.
 */
import {
  AccountConfig,
  FabricNetwork,
  FabricVlan,
  Instance,
  NetworkLookup,
  TritonApp,
  TritonStack,
} from '../../../index.js';

const BASE_64 = '2f1dc911-6401-4fa4-8e9d-67ea2e39c271';

/** Builds the stack for the variant in DF_VARIANT. */
export default function build(): TritonApp {
  const app = new TritonApp();
  const stack = new TritonStack(app, 'fabric', {
    account: 'acme',
    state: { type: 'local', path: '.triton-iac/fabric.state.json' },
  });
  const variant = process.env['DF_VARIANT'] ?? 'own';
  if (variant === 'vlan2') new FabricVlan(stack, 'default', { vlanId: 2, name: 'mine' });
  if (variant === 'overlap')
    new FabricNetwork(stack, 'lan', {
      vlan: 2,
      name: 'lan',
      subnet: '192.168.129.0/24',
      provisionStartIp: '192.168.129.10',
      provisionEndIp: '192.168.129.200',
    });
  if (variant === 'config')
    new AccountConfig(stack, 'config', { defaultNetwork: '0badbeef-0000-4000-8000-000000000000' });
  if (variant === 'own') {
    const vlan = new FabricVlan(stack, 'apps', { vlanId: 20, name: 'apps' });
    new FabricNetwork(stack, 'apps-net', {
      vlan,
      name: 'apps-net',
      subnet: '10.20.0.0/24',
      provisionStartIp: '10.20.0.10',
      provisionEndIp: '10.20.0.200',
    });
    const fabric = new NetworkLookup(stack, 'default-net', { name: 'My-Fabric-Network' });
    new Instance(stack, 'app', {
      name: 'df-app',
      image: BASE_64,
      package: 'g4-highcpu-1G',
      networks: [fabric.networkId],
      affinity: ['instance!=web-1'],
    });
  }
  return app;
}
