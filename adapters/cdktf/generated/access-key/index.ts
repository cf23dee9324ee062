// @ts-nocheck
// https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface AccessKeyConfig extends cdktf.TerraformMetaArguments {
  /**
  * What the key is for (1 to 150 characters); it names the key, so it is unique per owner in a stack; changed in place.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#description AccessKey#description}
  */
  readonly description: string;
  /**
  * `secretFile` may replace an existing file (atomically, by a rename); else an existing file is refused.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#overwrite_secret AccessKey#overwrite_secret}
  */
  readonly overwriteSecret?: boolean | cdktf.IResolvable;
  /**
  * Local file the secret is written to once, at create: made with mode 0600, never over an existing file unless `overwriteSecret`. A relative path is relative to the directory of the synth. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#secret_file AccessKey#secret_file}
  */
  readonly secretFile?: string;
  /**
  * Manta object the secret is written to once, at create (instead of `secretFile`). Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#secret_object AccessKey#secret_object}
  */
  readonly secretObject?: string;
  /**
  * Role names set as role tags on `secretObject`: the roles that may read the secret. Changing this forces a replacement.
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#secret_object_role_tags AccessKey#secret_object_role_tags}
  */
  readonly secretObjectRoleTags?: string[];
  /**
  * `Active` (the key signs requests) or `Inactive` (disabled, kept); changed in place. Default: "Active".
  *
  * Docs at Terraform Registry: {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#status AccessKey#status}
  */
  readonly status?: string;
}

/**
* Represents a {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key tritoniac_access_key}
*/
export class AccessKey extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "tritoniac_access_key";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a AccessKey resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the AccessKey to import
  * @param importFromId The id of the existing AccessKey that should be imported. Refer to the {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key#import import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the AccessKey to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "tritoniac_access_key", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link https://registry.terraform.io/providers/triton-iac/tritoniac/latest/docs/resources/access_key tritoniac_access_key} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options AccessKeyConfig
  */
  public constructor(scope: Construct, id: string, config: AccessKeyConfig) {
    super(scope, id, {
      terraformResourceType: 'tritoniac_access_key',
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
    this._overwriteSecret = config.overwriteSecret;
    this._secretFile = config.secretFile;
    this._secretObject = config.secretObject;
    this._secretObjectRoleTags = config.secretObjectRoleTags;
    this._status = config.status;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // accesskeyid - computed: true, optional: false, required: false
  public get accesskeyid() {
    return this.getStringAttribute('accesskeyid');
  }

  // created - computed: true, optional: false, required: false
  public get created() {
    return this.getStringAttribute('created');
  }

  // description - computed: false, optional: false, required: true
  private _description?: string; 
  public get description() {
    return this.getStringAttribute('description');
  }
  public set description(value: string) {
    this._description = value;
  }
  // Temporarily expose input value. Use with caution.
  public get descriptionInput() {
    return this._description;
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // overwrite_secret - computed: false, optional: true, required: false
  private _overwriteSecret?: boolean | cdktf.IResolvable; 
  public get overwriteSecret() {
    return this.getBooleanAttribute('overwrite_secret');
  }
  public set overwriteSecret(value: boolean | cdktf.IResolvable) {
    this._overwriteSecret = value;
  }
  public resetOverwriteSecret() {
    this._overwriteSecret = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get overwriteSecretInput() {
    return this._overwriteSecret;
  }

  // secret_file - computed: false, optional: true, required: false
  private _secretFile?: string; 
  public get secretFile() {
    return this.getStringAttribute('secret_file');
  }
  public set secretFile(value: string) {
    this._secretFile = value;
  }
  public resetSecretFile() {
    this._secretFile = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get secretFileInput() {
    return this._secretFile;
  }

  // secret_object - computed: false, optional: true, required: false
  private _secretObject?: string; 
  public get secretObject() {
    return this.getStringAttribute('secret_object');
  }
  public set secretObject(value: string) {
    this._secretObject = value;
  }
  public resetSecretObject() {
    this._secretObject = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get secretObjectInput() {
    return this._secretObject;
  }

  // secret_object_role_tags - computed: false, optional: true, required: false
  private _secretObjectRoleTags?: string[]; 
  public get secretObjectRoleTags() {
    return this.getListAttribute('secret_object_role_tags');
  }
  public set secretObjectRoleTags(value: string[]) {
    this._secretObjectRoleTags = value;
  }
  public resetSecretObjectRoleTags() {
    this._secretObjectRoleTags = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get secretObjectRoleTagsInput() {
    return this._secretObjectRoleTags;
  }

  // status - computed: false, optional: true, required: false
  private _status?: string; 
  public get status() {
    return this.getStringAttribute('status');
  }
  public set status(value: string) {
    this._status = value;
  }
  public resetStatus() {
    this._status = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get statusInput() {
    return this._status;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      description: cdktf.stringToTerraform(this._description),
      overwrite_secret: cdktf.booleanToTerraform(this._overwriteSecret),
      secret_file: cdktf.stringToTerraform(this._secretFile),
      secret_object: cdktf.stringToTerraform(this._secretObject),
      secret_object_role_tags: cdktf.listMapper(cdktf.stringToTerraform, false)(this._secretObjectRoleTags),
      status: cdktf.stringToTerraform(this._status),
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
      overwrite_secret: {
        value: cdktf.booleanToHclTerraform(this._overwriteSecret),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      secret_file: {
        value: cdktf.stringToHclTerraform(this._secretFile),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      secret_object: {
        value: cdktf.stringToHclTerraform(this._secretObject),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      secret_object_role_tags: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._secretObjectRoleTags),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      status: {
        value: cdktf.stringToHclTerraform(this._status),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
