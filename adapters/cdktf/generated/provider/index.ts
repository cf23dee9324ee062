// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface TritoniacProviderConfig {
  /**
  * Account login the stack manages (default: the converter option or TRITON_ACCOUNT).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#account TritoniacProvider#account}
  */
  readonly account?: string;
  /**
  * Sub-user to act as.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#user TritoniacProvider#user}
  */
  readonly user?: string;
  /**
  * CloudAPI URL (default: TRITON_URL or the profile).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#cloudapi_url TritoniacProvider#cloudapi_url}
  */
  readonly cloudapiUrl?: string;
  /**
  * Manta URL (default: MANTA_URL).
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#manta_url TritoniacProvider#manta_url}
  */
  readonly mantaUrl?: string;
  /**
  * Name of a ~/.triton profile.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#profile TritoniacProvider#profile}
  */
  readonly profile?: string;
  /**
  * Fingerprint of the signing key.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#key_id TritoniacProvider#key_id}
  */
  readonly keyId?: string;
  /**
  * Roles to assume.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#roles TritoniacProvider#roles}
  */
  readonly roles?: string[];
  /**
  * Alias name
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#alias TritoniacProvider#alias}
  */
  readonly alias?: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs tritoniac}
*/
export class TritoniacProvider extends cdktf.TerraformProvider {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a TritoniacProvider resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the TritoniacProvider to import
  * @param importFromId The id of the existing TritoniacProvider that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the TritoniacProvider to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs tritoniac} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options TritoniacProviderConfig = {}
  */
  public constructor(scope: Construct, id: string, config: TritoniacProviderConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'tritoniac',
      terraformGeneratorMetadata: {
        providerName: 'tritoniac',
        providerVersionConstraint: '0.1.0'
      },
      terraformProviderSource: 'triton-iac/tritoniac'
    });
    this._account = config.account;
    this._user = config.user;
    this._cloudapiUrl = config.cloudapiUrl;
    this._mantaUrl = config.mantaUrl;
    this._profile = config.profile;
    this._keyId = config.keyId;
    this._roles = config.roles;
    this._alias = config.alias;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // account - computed: false, optional: true, required: false
  private _account?: string; 
  public get account() {
    return this._account;
  }
  public set account(value: string | undefined) {
    this._account = value;
  }
  public resetAccount() {
    this._account = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get accountInput() {
    return this._account;
  }

  // user - computed: false, optional: true, required: false
  private _user?: string; 
  public get user() {
    return this._user;
  }
  public set user(value: string | undefined) {
    this._user = value;
  }
  public resetUser() {
    this._user = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get userInput() {
    return this._user;
  }

  // cloudapi_url - computed: false, optional: true, required: false
  private _cloudapiUrl?: string; 
  public get cloudapiUrl() {
    return this._cloudapiUrl;
  }
  public set cloudapiUrl(value: string | undefined) {
    this._cloudapiUrl = value;
  }
  public resetCloudapiUrl() {
    this._cloudapiUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get cloudapiUrlInput() {
    return this._cloudapiUrl;
  }

  // manta_url - computed: false, optional: true, required: false
  private _mantaUrl?: string; 
  public get mantaUrl() {
    return this._mantaUrl;
  }
  public set mantaUrl(value: string | undefined) {
    this._mantaUrl = value;
  }
  public resetMantaUrl() {
    this._mantaUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get mantaUrlInput() {
    return this._mantaUrl;
  }

  // profile - computed: false, optional: true, required: false
  private _profile?: string; 
  public get profile() {
    return this._profile;
  }
  public set profile(value: string | undefined) {
    this._profile = value;
  }
  public resetProfile() {
    this._profile = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get profileInput() {
    return this._profile;
  }

  // key_id - computed: false, optional: true, required: false
  private _keyId?: string; 
  public get keyId() {
    return this._keyId;
  }
  public set keyId(value: string | undefined) {
    this._keyId = value;
  }
  public resetKeyId() {
    this._keyId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get keyIdInput() {
    return this._keyId;
  }

  // roles - computed: false, optional: true, required: false
  private _roles?: string[]; 
  public get roles() {
    return this._roles;
  }
  public set roles(value: string[] | undefined) {
    this._roles = value;
  }
  public resetRoles() {
    this._roles = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get rolesInput() {
    return this._roles;
  }

  // alias - computed: false, optional: true, required: false
  private _alias?: string; 
  public get alias() {
    return this._alias;
  }
  public set alias(value: string | undefined) {
    this._alias = value;
  }
  public resetAlias() {
    this._alias = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get aliasInput() {
    return this._alias;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      account: cdktf.stringToTerraform(this._account),
      user: cdktf.stringToTerraform(this._user),
      cloudapi_url: cdktf.stringToTerraform(this._cloudapiUrl),
      manta_url: cdktf.stringToTerraform(this._mantaUrl),
      profile: cdktf.stringToTerraform(this._profile),
      key_id: cdktf.stringToTerraform(this._keyId),
      roles: cdktf.listMapper(cdktf.stringToTerraform, false)(this._roles),
      alias: cdktf.stringToTerraform(this._alias),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      account: {
        value: cdktf.stringToHclTerraform(this._account),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      user: {
        value: cdktf.stringToHclTerraform(this._user),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      cloudapi_url: {
        value: cdktf.stringToHclTerraform(this._cloudapiUrl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      manta_url: {
        value: cdktf.stringToHclTerraform(this._mantaUrl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      profile: {
        value: cdktf.stringToHclTerraform(this._profile),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      key_id: {
        value: cdktf.stringToHclTerraform(this._keyId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      roles: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._roles),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      alias: {
        value: cdktf.stringToHclTerraform(this._alias),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
