// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface FabricNetworkConfig extends cdktf.TerraformMetaArguments {
  /**
  * Description (at most 64 characters); updated in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#description FabricNetwork#description}
  */
  readonly description?: string;
  /**
  * Gateway address inside the subnet; a change replaces the network. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#gateway FabricNetwork#gateway}
  */
  readonly gateway?: string;
  /**
  * Whether a NAT zone gives the network internet access (the server default); fixed at create. Changing this forces a replacement. Default: true.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#internet_nat FabricNetwork#internet_nat}
  */
  readonly internetNat?: boolean | cdktf.IResolvable;
  /**
  * Network name: a letter, then letters, digits, `_`, `.`, `/`, `-` (at most 64 characters); renamed in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#name FabricNetwork#name}
  */
  readonly name: string;
  /**
  * Last address instances are given; updated in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#provision_end_ip FabricNetwork#provision_end_ip}
  */
  readonly provisionEndIp: string;
  /**
  * First address instances are given; updated in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#provision_start_ip FabricNetwork#provision_start_ip}
  */
  readonly provisionStartIp: string;
  /**
  * DNS resolvers (at most 4), in order; updated in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#resolvers FabricNetwork#resolvers}
  */
  readonly resolvers?: string[];
  /**
  * Static routes: destination subnet (or address) to gateway; updated in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#routes FabricNetwork#routes}
  */
  readonly routes?: { [key: string]: string };
  /**
  * IPv4 subnet in CIDR form (`10.10.0.0/24`); a change replaces the network. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#subnet FabricNetwork#subnet}
  */
  readonly subnet: string;
  /**
  * The VLAN id the network is on; a change replaces the network. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#vlan_id FabricNetwork#vlan_id}
  */
  readonly vlanId: number;
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network tritoniac_fabric_network}
*/
export class FabricNetwork extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac_fabric_network";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a FabricNetwork resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the FabricNetwork to import
  * @param importFromId The id of the existing FabricNetwork that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the FabricNetwork to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac_fabric_network", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/fabric_network tritoniac_fabric_network} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options FabricNetworkConfig
  */
  public constructor(scope: Construct, id: string, config: FabricNetworkConfig) {
    super(scope, id, {
      terraformResourceType: 'tritoniac_fabric_network',
      terraformGeneratorMetadata: {
        providerName: 'tritoniac',
        providerVersionConstraint: '0.1.0'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      provisioners: config.provisioners,
      connection: config.connection,
      forEach: config.forEach
    });
    this._description = config.description;
    this._gateway = config.gateway;
    this._internetNat = config.internetNat;
    this._name = config.name;
    this._provisionEndIp = config.provisionEndIp;
    this._provisionStartIp = config.provisionStartIp;
    this._resolvers = config.resolvers;
    this._routes = config.routes;
    this._subnet = config.subnet;
    this._vlanId = config.vlanId;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // description - computed: false, optional: true, required: false
  private _description?: string; 
  public get description() {
    return this.getStringAttribute('description');
  }
  public set description(value: string) {
    this._description = value;
  }
  public resetDescription() {
    this._description = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get descriptionInput() {
    return this._description;
  }

  // gateway - computed: false, optional: true, required: false
  private _gateway?: string; 
  public get gateway() {
    return this.getStringAttribute('gateway');
  }
  public set gateway(value: string) {
    this._gateway = value;
  }
  public resetGateway() {
    this._gateway = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get gatewayInput() {
    return this._gateway;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // internet_nat - computed: false, optional: true, required: false
  private _internetNat?: boolean | cdktf.IResolvable; 
  public get internetNat() {
    return this.getBooleanAttribute('internet_nat');
  }
  public set internetNat(value: boolean | cdktf.IResolvable) {
    this._internetNat = value;
  }
  public resetInternetNat() {
    this._internetNat = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get internetNatInput() {
    return this._internetNat;
  }

  // name - computed: false, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // provision_end_ip - computed: false, optional: false, required: true
  private _provisionEndIp?: string; 
  public get provisionEndIp() {
    return this.getStringAttribute('provision_end_ip');
  }
  public set provisionEndIp(value: string) {
    this._provisionEndIp = value;
  }
  // Temporarily expose input value. Use with caution.
  public get provisionEndIpInput() {
    return this._provisionEndIp;
  }

  // provision_start_ip - computed: false, optional: false, required: true
  private _provisionStartIp?: string; 
  public get provisionStartIp() {
    return this.getStringAttribute('provision_start_ip');
  }
  public set provisionStartIp(value: string) {
    this._provisionStartIp = value;
  }
  // Temporarily expose input value. Use with caution.
  public get provisionStartIpInput() {
    return this._provisionStartIp;
  }

  // resolvers - computed: false, optional: true, required: false
  private _resolvers?: string[]; 
  public get resolvers() {
    return this.getListAttribute('resolvers');
  }
  public set resolvers(value: string[]) {
    this._resolvers = value;
  }
  public resetResolvers() {
    this._resolvers = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get resolversInput() {
    return this._resolvers;
  }

  // routes - computed: false, optional: true, required: false
  private _routes?: { [key: string]: string }; 
  public get routes() {
    return this.getStringMapAttribute('routes');
  }
  public set routes(value: { [key: string]: string }) {
    this._routes = value;
  }
  public resetRoutes() {
    this._routes = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get routesInput() {
    return this._routes;
  }

  // subnet - computed: false, optional: false, required: true
  private _subnet?: string; 
  public get subnet() {
    return this.getStringAttribute('subnet');
  }
  public set subnet(value: string) {
    this._subnet = value;
  }
  // Temporarily expose input value. Use with caution.
  public get subnetInput() {
    return this._subnet;
  }

  // vlan_id - computed: false, optional: false, required: true
  private _vlanId?: number; 
  public get vlanId() {
    return this.getNumberAttribute('vlan_id');
  }
  public set vlanId(value: number) {
    this._vlanId = value;
  }
  // Temporarily expose input value. Use with caution.
  public get vlanIdInput() {
    return this._vlanId;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      description: cdktf.stringToTerraform(this._description),
      gateway: cdktf.stringToTerraform(this._gateway),
      internet_nat: cdktf.booleanToTerraform(this._internetNat),
      name: cdktf.stringToTerraform(this._name),
      provision_end_ip: cdktf.stringToTerraform(this._provisionEndIp),
      provision_start_ip: cdktf.stringToTerraform(this._provisionStartIp),
      resolvers: cdktf.listMapper(cdktf.stringToTerraform, false)(this._resolvers),
      routes: cdktf.hashMapper(cdktf.stringToTerraform)(this._routes),
      subnet: cdktf.stringToTerraform(this._subnet),
      vlan_id: cdktf.numberToTerraform(this._vlanId),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      description: {
        value: cdktf.stringToHclTerraform(this._description),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      gateway: {
        value: cdktf.stringToHclTerraform(this._gateway),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      internet_nat: {
        value: cdktf.booleanToHclTerraform(this._internetNat),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      provision_end_ip: {
        value: cdktf.stringToHclTerraform(this._provisionEndIp),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      provision_start_ip: {
        value: cdktf.stringToHclTerraform(this._provisionStartIp),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      resolvers: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._resolvers),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      routes: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._routes),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      subnet: {
        value: cdktf.stringToHclTerraform(this._subnet),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      vlan_id: {
        value: cdktf.numberToHclTerraform(this._vlanId),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
