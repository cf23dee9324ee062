// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account_config
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface AccountConfigAConfig extends cdktf.TerraformMetaArguments {
  /**
  * Network id used for third-party-tool containers.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account_config#default_network AccountConfigA#default_network}
  */
  readonly defaultNetwork: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account_config tritoniac_account_config}
*/
export class AccountConfigA extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac_account_config";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a AccountConfigA resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the AccountConfigA to import
  * @param importFromId The id of the existing AccountConfigA that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account_config#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the AccountConfigA to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac_account_config", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/account_config tritoniac_account_config} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options AccountConfigAConfig
  */
  public constructor(scope: Construct, id: string, config: AccountConfigAConfig) {
    super(scope, id, {
      terraformResourceType: 'tritoniac_account_config',
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
    this._defaultNetwork = config.defaultNetwork;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // default_network - computed: false, optional: false, required: true
  private _defaultNetwork?: string; 
  public get defaultNetwork() {
    return this.getStringAttribute('default_network');
  }
  public set defaultNetwork(value: string) {
    this._defaultNetwork = value;
  }
  // Temporarily expose input value. Use with caution.
  public get defaultNetworkInput() {
    return this._defaultNetwork;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      default_network: cdktf.stringToTerraform(this._defaultNetwork),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      default_network: {
        value: cdktf.stringToHclTerraform(this._defaultNetwork),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
